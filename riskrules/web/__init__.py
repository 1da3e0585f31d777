"""A person in a browser (`risk serve`): the server (server.py) and what it checks (guards.py),
the games it hosts (host.py, hosted.py), the seats' tokens (seats.py), a page's answers
(answers.py) and what each seat's page shows (view.py, words.py), the pages (pages.py, static/)."""
