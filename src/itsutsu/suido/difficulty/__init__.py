"""How hard a Suido board is for a person: the rounds of deduction a glance allows
(``deduce``). The public names are re-exported from :mod:`itsutsu.suido`."""
