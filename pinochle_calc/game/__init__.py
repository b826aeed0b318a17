"""Whole hands and matches: the policies that bid (``policies``), a deal played from the auction
to the score (``whole``), duplicate matches between policies (``arena``), the review of a
recorded hand (``review``) and a hand followed at a real table (``session``). Nothing is
imported here: each module brings numpy."""
