"""The engine's values as data for others: plain JSON (`serialize`) and the recorded
phase interchange format of interop/PHASES.md (`interop`, `records`)."""
