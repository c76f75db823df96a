"""What a variant adds to the map, drawn over the standard layers: the Masters Rules'
minor powers and rebels, Spy Diplomacy's spies, land neutral for now (World War I's
Italy), and a hidden-information game's view with its unknown places. The layers of
`render/` know none of these; `render.map` asks each here."""
