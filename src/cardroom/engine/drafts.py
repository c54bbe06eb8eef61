"""Building frozen slotted dataclasses fast in pure Python, by drafts.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, several times
slower than a plain slot store, and the engine builds a state, a step and a log record at every
move. A draft is a plain class with the same slots: the hot builders make one by calling it (it
has no ``__init__`` of its own: object's, cheaper to reach than ``object.__new__``), fill it with
ordinary attribute stores, then turn it into the frozen class by ``__class__`` assignment (allowed
because the two layouts are identical). The result is an ordinary instance of the frozen class.

A class compiled by mypyc cannot change its type: ``drafts_work`` says whether the module that
defines the frozen class is plain Python, and builders fall back to the constructor otherwise.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar


def draft_class(cls: type) -> type:
    """A plain class with the slots and bases of the frozen slotted dataclass ``cls`` (the
    layouts must match down to the bases for ``__class__`` assignment)."""
    slots = cls.__dict__.get("__slots__")
    if not isinstance(slots, tuple) or "__dict__" in slots:
        raise TypeError(f"{cls.__name__} is not a slotted class")
    bases = cls.__dict__.get("__orig_bases__", ())  # a generic class: the same ``Generic`` base

    def body(namespace: dict[str, Any]) -> None:
        namespace["__slots__"] = slots

    return types.new_class(f"_{cls.__name__}Draft", bases, exec_body=body)


def drafts_work(cls: type) -> bool:
    """Whether instances of ``cls`` may be built as drafts (its module is not compiled)."""
    module = sys.modules.get(cls.__module__)
    return str(getattr(module, "__file__", "")).endswith(".py")


T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """A function building ``cls`` from all its fields, positionally and in field order, as a
    draft (a frozen dataclass's own ``__init__`` costs a call per field); the class itself when
    it is compiled (``drafts_work``)."""
    if not drafts_work(cls):
        return cls
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    args = ", ".join(names)
    stores = "".join(f"    new.{n} = {n}\n" for n in names)
    code = f"def build({args}):\n    new = draft()\n{stores}"
    code += "    new.__class__ = cls\n    return new\n"
    namespace: dict[str, Any] = {"draft": draft_class(cls), "cls": cls}
    exec(code, namespace)  # the fields' names only, as ``dataclasses`` builds ``__init__``
    built: Callable[..., T] = namespace["build"]
    built.__qualname__ = built.__name__ = f"build_{cls.__name__}"
    return built


def copier(
    cls: type[T], changed: tuple[str, ...], into: type | None = None
) -> Callable[..., Any] | None:
    """A function ``copy(old, *values)``: a copy of the ``cls`` instance ``old`` with the fields
    ``changed`` set to ``values`` (positionally), as a draft whose other slots are copied one by
    one (no tuple of every field built and unpacked, no ``replace`` by name); None when ``cls``
    is compiled (``drafts_work``), whose callers build it their own way.

    With ``into`` (a frozen slotted dataclass too), ``copy(old, *values, *others)`` is
    ``into(the copy, *others)``, built as a draft in the same frame (a move's state and step)."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    if not set(changed) <= set(names):
        raise ValueError(f"{cls.__name__} has no field {set(changed) - set(names)}")
    if not drafts_work(cls):
        return None
    stores = "".join(f"    new.{n} = {n if n in changed else 'old.' + n}\n" for n in names)
    params = ", ".join(changed)
    namespace: dict[str, Any] = {"draft": draft_class(cls), "cls": cls}
    if into is None:
        code = f"def copy(old, {params}):\n    new = draft()\n{stores}"
        code += "    new.__class__ = cls\n    return new\n"
    else:  # the copy wrapped as the first field of an ``into`` built from the other fields
        wrap = [f.name for f in fields(into)]
        code = f"def copy(old, {params}, {', '.join(wrap[1:])}):\n    new = draft()\n{stores}"
        code += f"    new.__class__ = cls\n    wrapped = outer()\n    wrapped.{wrap[0]} = new\n"
        code += "".join(f"    wrapped.{n} = {n}\n" for n in wrap[1:])
        code += "    wrapped.__class__ = into\n    return wrapped\n"
        namespace.update(outer=draft_class(into), into=into)
    exec(code, namespace)  # the fields' names only, as ``builder``
    copied: Callable[..., Any] = namespace["copy"]
    copied.__qualname__ = copied.__name__ = f"copy_{cls.__name__}"
    return copied
