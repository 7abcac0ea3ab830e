"""Tàin's rules, pure (no Textual, no Rich): components, state, actions, one module per phase
(scouting, raid, resolution), what each seat may see, resampling, scoring, invariants, words, and
the thin `Game` that wires them to the engine's protocol."""
