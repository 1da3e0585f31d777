"""Many games → numbers: simulation, comparison and their statistics."""


class InputError(ValueError):
    """An input an experiment cannot use, said in the library's words (no command-line flags).

    The message is `subject` (how it names the input: "precision", "the number of games") followed
    by `rest` (what is wrong with it); `name` is the input as the library's functions call it
    (games, precision, values, templates, executor). A caller with names of its own for the
    inputs — the `risk` command and its flags — words its message from `name` and `rest`.
    """

    def __init__(self, name: str, subject: str, rest: str):
        super().__init__(subject + rest)
        self.name, self.subject, self.rest = name, subject, rest
