"""The variants' own parts of the service, one package each: the Masters Rules
(`masters`), Spy Diplomacy (`spy`), the hidden-information views (`hidden`,
Kriegsplomacy) and One-on-one's matches (`match`). Each imports the kernel only (a
match, the talk desk too); the features ask them, never the other way round."""
