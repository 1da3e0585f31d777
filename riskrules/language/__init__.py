"""Text → Rules: the grammar, parsing, the rule model, expressions, checks, schemas and boards."""
