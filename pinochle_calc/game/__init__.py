"""Whole hands and matches: the played hand modelled once (``hand``: its events, the state they
advance, the record and its text and JSON forms), one place for what a seat is asked
(``decisions``), the policies that bid (``policies``; ``thumb``, the rule-of-thumb count; and
``outside``, how a policy written outside the project is run), a deal played from the auction
to the score (``whole``), a recorded hand continued (``replay``), duplicate matches between
policies (``arena``), the review of a recorded hand (``review``) and a hand followed at a real
table (``session``). Nothing is imported here: most of them bring numpy."""
