"""Pendulum: real-time worker placement with three sand timers (rules in pendulum/rules, UI in pendulum/ui)."""
