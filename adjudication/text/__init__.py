"""Orders and results in players' words: place names, the notation, the free-text
order parser and the judge-notation report."""
