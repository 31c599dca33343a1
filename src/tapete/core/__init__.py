"""What every trick-taking game shares: decks as data, card sets as bitmasks, the trick duties,
rules and match bases, observations, hidden-card sampling, position fields, records and errors.

Nothing here knows a particular game; each game package builds on these pieces.
"""
