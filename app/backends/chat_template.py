"""Splits a GGUF's chat template around the system and user messages, so each part is tokenised on
its own: template markup with special tokens, message text without them."""

from __future__ import annotations

from dataclasses import dataclass

_SYSTEM_MARK = "\x00KIKITORI_SYSTEM\x00"
_USER_MARK = "\x00KIKITORI_USER\x00"


@dataclass(frozen=True)
class ChatFrame:
    head: str  # before the system message
    between: str  # after the system message, before the user message
    tail: str  # after the user message: the opening of the assistant's turn

    @classmethod
    def plain(cls) -> ChatFrame:
        """For models without a chat template."""
        return cls("", "\n\n", "\n\nAnswer: ")

    @classmethod
    def from_template(cls, template: str | None, bos: str = "", eos: str = "") -> ChatFrame:
        if not template:
            return cls.plain()
        from jinja2.sandbox import ImmutableSandboxedEnvironment

        def raise_exception(message: str) -> None:
            raise ValueError(message)

        env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)
        rendered = env.from_string(template).render(
            messages=[
                {"role": "system", "content": _SYSTEM_MARK},
                {"role": "user", "content": _USER_MARK},
            ],
            add_generation_prompt=True,
            bos_token=bos,
            eos_token=eos,
            raise_exception=raise_exception,
        )
        head, _, rest = rendered.partition(_SYSTEM_MARK)
        between, found, tail = rest.partition(_USER_MARK)
        if not found or _SYSTEM_MARK in tail:
            return cls.plain()
        # The BOS token is added by the tokenizer where the model wants it, not by the template text.
        if bos and head.startswith(bos):
            head = head[len(bos) :]
        return cls(head, between, tail)
