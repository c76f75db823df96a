"""The rules of Diplomacy as pure Python: no I/O, standard library only."""
