"""Cards in play: sets traded for armies (their value, a territory's bonus), a card drawn
after a conquest. Which cards make a set: cards.py."""

from __future__ import annotations

from . import decisions as D
from .cards import set_kind, sets_in, symbol_of
from .decisions import Decision


class Trading:
    """The cards of a `Game` (a part of it: see game.py)."""

    def card_json(self, card: int) -> dict:
        if card < self.size:
            return {"territory": self.board.territories[card],
                    "symbol": self.board.symbols[self.board.card_symbol[card]]}
        return {"territory": None, "symbol": "joker"}

    def trade_cards(self, seat: int, down_to: int | None) -> int:
        """Trade sets: optional ones, and forced ones at the rules' threshold (or while the hand
        holds more than `down_to` cards). Returns the armies the sets were worth."""
        gained = 0
        must = self.rules.cards.must_trade
        while True:
            hand = self.hands[seat]
            if len(hand) < 3:
                break
            sets = sets_in(hand, self.rules)
            if not sets:
                break
            if down_to is not None:
                if len(hand) <= down_to:
                    break
                forced = True
            else:
                forced = len(hand) >= must
            chosen = self.ask(Decision(D.TRADE, seat, sets, optional=not forced))
            if chosen is None:
                break
            gained += self._trade(seat, chosen)
        return gained

    def _trade(self, seat: int, cards: tuple[int, ...]) -> int:
        rules = self.rules
        c = rules.cards
        self.trade_count += 1
        self.trades_made[seat] += 1
        if c.nuclear:  # Conquer Club's nuclear spoils
            return self._nuke(seat, cards)
        # (the jokers' reading is valued as the set is: the trade counted, the set still in the hand)
        kind = set_kind(tuple(symbol_of(card, rules) for card in cards), rules, lambda n: self.value(n, seat))
        if c.plain:
            value = c.fixed[kind] if c.fixed is not None else c.escalating_value(
                self.trades_made[seat] if c.per_player else self.trade_count)
        else:
            value = self.set_value(seat, kind)
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        if c.recycle:
            self.deck.extend(cards)  # traded cards go under the deck (else they leave the game)
        owned = [card for card in cards if card < self.size and self.owner[card] == seat]
        bonus: list[int] = []  # for each such card, or once per trade (on the one the player picks)
        income = rules.income
        if income is not None and income.card_bonus_anywhere:  # the bonus joins the armies to place
            if c.bonus_armies and owned:
                value += self.value(c.bonus_armies, seat) * (len(owned) if c.bonus_per_card else 1)
            owned = []
        if c.bonus_armies and owned:
            bonus = owned if c.bonus_per_card or len(owned) == 1 else [self.ask(Decision(D.BONUS, seat, owned))]
        bonus_armies = self.value(c.bonus_armies, seat) if bonus else 0
        for territory in bonus:
            self.armies[territory] += bonus_armies
            if self._cap is not None and self.armies[territory] > self._cap:  # armies at most N per territory
                self.armies[territory] = max(self._cap, self.armies[territory] - bonus_armies)
        self.largest_trade = max(self.largest_trade, value)
        if self.listeners:
            self._event("trade", seat, cards=[self.card_json(card) for card in cards], armies=value,
                        territory_bonus=[{"territory": self.board.territories[t], "armies": bonus_armies}
                                         for t in bonus],
                        trade_number=self.trade_count)
        if bonus:
            self.changed()
        return value

    def _nuke(self, seat: int, cards: tuple[int, ...]) -> int:
        """A nuclear set (Conquer Club's nuclear spoils): it gives no armies; each territory on its
        cards goes to the neutral army with a single army, the trader's own too (their guide:
        "nuked to a single neutral troop, even if you own it"). A player left with none is out."""
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        if self.rules.cards.recycle:
            self.deck.extend(cards)
        neutral = self.neutral
        nuked = sorted(card for card in cards if card < self.size)
        losers = {self.owner[t] for t in nuked} - {neutral}
        for t in nuked:
            if self.owner[t] != neutral:
                self.set_owner(t, neutral)
            self.armies[t] = 1
        if nuked:
            self.alive[neutral] = True
        if self.listeners:
            self._event("trade", seat, cards=[self.card_json(card) for card in cards], armies=0,
                        territory_bonus=[], trade_number=self.trade_count)
            self._event("nuclear", seat, territories=[self.board.territories[t] for t in nuked])
        for loser in sorted(losers):
            if self.territory_count[loser] == 0 and self.alive[loser]:
                self.eliminate(loser, neutral)
        self.changed()
        return 0

    def set_value(self, seat: int, kind: str) -> int:
        """A set's armies when some value is an expression, the escalation waits or a cap holds
        (the trade being valued is already counted)."""
        c = self.rules.cards
        if c.fixed is not None:
            value = self.value(c.fixed[kind], seat)
        else:
            number = self.trades_made[seat] if c.per_player else self.trade_count
            if c.escalation_round is not None:
                key = seat if c.per_player else -1
                if self.round <= self.value(c.escalation_round, seat):
                    self.escalation_base[key] = number  # the scale starts with the first trade after that round
                number -= self.escalation_base.get(key, 0)
            elif c.escalation_trades is not None:
                number -= self.value(c.escalation_trades, seat)
            values = c.escalating
            if number <= len(values):
                value = self.value(values[max(number, 1) - 1], seat)
            else:
                value = self.value(values[-1], seat) + (number - len(values)) * self.value(c.step, seat)
        if c.cap is not None:
            value = min(value, self.value(c.cap, seat))
        return value

    def draw_cards(self, seat: int) -> None:
        if not self.conquered:
            return
        c = self.rules.cards
        if c.pieces:
            self._draw_pieces(seat, c.draw, c.pieces)
        else:
            for _ in range(c.draw):
                if not self.deck:
                    break  # traded cards return under the deck; should it be empty, no card
                card = self.deck.popleft()
                self.hands[seat].append(card)
                if self.listeners:
                    self._event("card_drawn", seat, card=self.card_json(card))
        if c.hand_limit is not None and len(self.hands[seat]) > c.hand_limit:
            self.discard_down(seat, c.hand_limit)

    def _draw_pieces(self, seat: int, earned: int, per_card: int) -> None:
        """A turn with a conquest earns `earned` pieces; each `per_card` of them make a card,
        drawn from the deck (with the deck empty the pieces wait for a card)."""
        self.pieces[seat] += earned
        if self.listeners:
            self._event("card_pieces", seat, pieces=earned, held=self.pieces[seat])
        while self.pieces[seat] >= per_card and self.deck:
            self.pieces[seat] -= per_card
            card = self.deck.popleft()
            self.hands[seat].append(card)
            if self.listeners:
                self._event("card_drawn", seat, card=self.card_json(card))

    def discard_down(self, seat: int, limit: int) -> None:
        """Over the hand limit: the player discards a card at a time down to it (to the bottom
        of the deck when traded cards are recycled, else out of the game)."""
        hand = self.hands[seat]
        while len(hand) > limit:
            card = self.ask(Decision(D.DISCARD, seat, sorted(hand)))
            hand.remove(card)
            if self.rules.cards.recycle:
                self.deck.append(card)
            self._event("card_discarded", seat, card=self.card_json(card))


def worth(game, seat: int, cards) -> tuple[int, list[int], int]:
    """What trading `cards` would give `seat` now, counted as `Trading._trade` counts it, the
    game left as it is (a preview: nothing is written, not even a delayed escalation's base).

    Returns (the set's armies, the territories whose card earns the territory bonus, the bonus
    armies on each): every one of those territories gets them when the rules give the bonus
    per card, else the player picks one of them."""
    rules = game.rules
    c = rules.cards
    trades, own = game.trade_count + 1, game.trades_made[seat] + 1  # the trade is counted first
    held = len(game.hands[seat])

    def value(number, cards_held: int) -> int:  # game.value, as counted at that moment of the trade
        if number.__class__ is int:
            return number
        env = game.quantities(seat, number.names)
        counted = {"trades": trades, "own_trades": own, "cards": cards_held}
        env.update({name: n for name, n in counted.items() if name in env})
        return number(env)

    kind = set_kind(tuple(symbol_of(card, rules) for card in cards), rules, lambda n: value(n, held))
    number = own if c.per_player else trades
    if c.plain:
        armies = c.fixed[kind] if c.fixed is not None else c.escalating_value(number)
    else:
        if c.fixed is not None:
            armies = value(c.fixed[kind], held)
        else:
            if c.escalation_round is not None:
                key = seat if c.per_player else -1
                waiting = game.round <= value(c.escalation_round, held)
                number -= number if waiting else game.escalation_base.get(key, 0)
            elif c.escalation_trades is not None:
                number -= value(c.escalation_trades, held)
            values = c.escalating
            if number <= len(values):
                armies = value(values[max(number, 1) - 1], held)
            else:
                armies = value(values[-1], held) + (number - len(values)) * value(c.step, held)
        if c.cap is not None:
            armies = min(armies, value(c.cap, held))
    owned = [card for card in cards if card < game.size and game.owner[card] == seat] if c.bonus_armies else []
    income = rules.income
    if owned and income is not None and income.card_bonus_anywhere:  # the bonus joins the armies to place
        return armies + value(c.bonus_armies, held - len(cards)) * (len(owned) if c.bonus_per_card else 1), [], 0
    return armies, owned, (value(c.bonus_armies, held - len(cards)) if owned else 0)
