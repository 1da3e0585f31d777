"""A person at a terminal: the session (play, resume), the table (what is shown and when), the
board view, the human agent and its typed answers. Above the engine and the text floor."""
