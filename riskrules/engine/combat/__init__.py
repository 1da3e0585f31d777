"""Combat models other than dice (the dice model is battle.py's own path and odds.py's tables):
kill rates (kill_rates.py: the arithmetic and the exact distributions; attack.py: a battle of
that model in a game); events.py: the `battles` event both models write)."""
