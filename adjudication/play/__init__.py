"""Playing a phase: the four-step pipeline (`phases.adjudicate`: validate, default
orders, resolve, execute), the movement resolver, retreats, adjustments, civil
disorder, the game's end, legal orders and what each power may see."""
