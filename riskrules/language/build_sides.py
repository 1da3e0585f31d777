"""The builder's statements of neutrals that act and teams that share (issue 45): `grows`,
`attacks its … neighbour when it has …`, `takes back …` and `infects …` in a `neutral` block,
and the options after `teams N` (a mixin of build._Builder, which has `at`, `here` and `problem`)."""

from __future__ import annotations

from lark import Transformer, v_args

from .model import Assign


# an option after `teams N` as an error names it
TEAM_WORDS = {"deploy_partners": "deploy on partners", "shared_hand": "shared hand",
              "seated_together": "seated together", "one_person": "played by one person"}


class _Starting(tuple):
    """`with their starting armies` (its place)."""


class _TeamOption(tuple):
    """One option after `teams N`: (key, value, where)."""


@v_args(meta=True)
class _SidesStatements(Transformer):
    def grows_flat(self, meta, c):
        return Assign(("neutral", "grows"), {"per_territory": int(c[0])}, self.here(meta),
                      {("per_territory",): self.at(c[0])})

    def grows_percent(self, meta, c):
        return Assign(("neutral", "grows"), {"percent": int(c[0])}, self.here(meta), {("percent",): self.at(c[0])})

    def neutral_assault(self, meta, c):
        target, (ratio, where) = c
        return Assign(("neutral", "assault"), {"target": str(target), "ratio": ratio}, self.here(meta),
                      {("ratio",): where or self.here(meta)})

    def assault_target(self, meta, c):
        return str(c[0])

    def ratio_twice(self, meta, c):
        return 2, None

    def ratio_times(self, meta, c):
        return int(c[0]), self.at(c[0])

    def back_own(self, meta, c):
        return None

    def back_starting(self, meta, c):
        return _Starting((self.here(meta),))

    def neutral_takes_back(self, meta, c):
        *names, after, armies = c
        starting = isinstance(armies, _Starting)
        value: dict = {"after": int(after), "armies": "starting" if starting else int(armies)}
        parts = {("after",): self.at(after), ("armies",): armies[0] if starting else self.at(armies)}
        if names != [None]:
            value["named"] = [str(n) for n in names]
            parts.update({("named", k): self.at(n) for k, n in enumerate(names)})
        return Assign(("neutral", "takes_back"), value, self.here(meta), parts)

    def neutral_infects(self, meta, c):
        return Assign(("neutral", "infects"), True, self.here(meta))

    def team_deploy(self, meta, c):
        return _TeamOption(("deploy_partners", True, self.here(meta)))

    def team_shared(self, meta, c):
        return _TeamOption(("shared_hand", True, self.here(meta)))

    def team_together(self, meta, c):
        return _TeamOption(("seated_together", True, self.here(meta)))

    def team_played(self, meta, c):
        return _TeamOption(("one_person", True, self.here(meta)))
