"""The card exchange between the bidder and the partner: the one pass policy, played on many
hands at once (``policy``: the partner's pass, the bidder's return, the whole exchange as the rule
set has it), the same choice for one seat in a whole hand (``seat``), and the passing advice with
its check (``advice``). The estimate plays it in every simulated deal, whole hands play it at the
table, and ``pinochle-calc pass`` shows it, so all three agree. Nothing is imported here: each
module brings numpy."""
