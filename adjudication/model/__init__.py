"""The engine's data: units, the board, orders, positions, rule options, outcomes and
results, and the `Variant` value a game is played by. Frozen values, no behaviour
beyond their own invariants: the pipeline (`adjudication.play`) reads them."""
