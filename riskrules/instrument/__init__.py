"""Many games → numbers: simulation, comparison and their statistics."""
