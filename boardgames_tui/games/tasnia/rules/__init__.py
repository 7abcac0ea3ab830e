"""Tasnia's rules, pure: components, state, actions, one module per step of the turn (purchase,
build, specials, gather), the views, hidden information, scoring, the bot's hooks, the words, and
`game.Tasnia`, the thin Game that wires them together. Nothing here imports Textual or Rich."""
