"""Research environments: tapete's games behind PettingZoo, Gymnasium and OpenSpiel (``pip install "tapete[envs]"``).

Every interface sees a seat through the same :mod:`tapete.envs.encoding` (a
float vector and an action mask from the seat's observation only); see
docs/envs.md.
"""
