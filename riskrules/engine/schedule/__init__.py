"""Rounds of orders given together (issue 45), when the rules say `orders { given together }`:
together.py (the round: deployments recorded, orders given, then carried out), orders.py (the
`order` decision and one order carried out with Warzone's semantics), move_order.py (the
sequence the move order and the order priority and delay cards make of every seat's list)."""
