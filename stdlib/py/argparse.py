"""argparse for krait: command-line parsing with the common API of CPython 3.11
(docs.python.org/3.11/library/argparse.html): positional and optional arguments, nargs,
type, default, choices, required, the store/const/true/false/append/count/help/version/
extend actions, argument groups, mutually exclusive groups, subparsers, set_defaults,
and help/usage/error output in CPython's format (width from $COLUMNS, else 80)."""

import os as _os
import sys as _sys

__all__ = ["ArgumentParser", "ArgumentError", "ArgumentTypeError", "FileType",
           "HelpFormatter", "ArgumentDefaultsHelpFormatter", "RawDescriptionHelpFormatter",
           "RawTextHelpFormatter", "MetavarTypeHelpFormatter", "Namespace", "Action",
           "ONE_OR_MORE", "OPTIONAL", "PARSER", "REMAINDER", "SUPPRESS", "ZERO_OR_MORE",
           "BooleanOptionalAction"]

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
PARSER = "A..."
REMAINDER = "..."


def _terminal_width():
    try:
        return int(_os.environ["COLUMNS"])
    except (KeyError, ValueError, AttributeError):
        return 80


class Namespace:
    """Simple object for storing attributes (what parse_args returns)."""

    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __repr__(self):
        arg_strings = []
        star_args = {}
        for name, value in list(self.__dict__.items()):
            if name.isidentifier():
                arg_strings.append("%s=%r" % (name, value))
            else:
                star_args[name] = value
        if star_args:
            arg_strings.append("**%s" % repr(star_args))
        return "%s(%s)" % (type(self).__name__, ", ".join(arg_strings))

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


class ArgumentError(Exception):
    """An error from creating or using an argument (optional or positional)."""

    def __init__(self, argument, message):
        self.argument_name = _get_action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return "argument %s: %s" % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    """An error from a type conversion function."""


def _get_action_name(argument):
    if argument is None:
        return None
    if argument.option_strings:
        return "/".join(argument.option_strings)
    if argument.metavar not in (None, SUPPRESS):
        return argument.metavar
    if argument.dest not in (None, SUPPRESS):
        return argument.dest
    if argument.choices:
        return "{" + ",".join(argument.choices) + "}"
    return None


# ---- actions --------------------------------------------------------------------------


class Action:
    """Information about how to convert command line strings to Python objects."""

    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar

    def _get_kwargs(self):
        names = ["option_strings", "dest", "nargs", "const", "default", "type", "choices",
                 "required", "help", "metavar"]
        return [(name, getattr(self, name)) for name in names]

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__,
                           ", ".join("%s=%r" % kv for kv in self._get_kwargs()))

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError(".__call__() not defined")


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for store actions must be != 0; if you have nothing to "
                             "store, actions such as store true or store const may be more "
                             "appropriate")
        if const is not None and nargs != OPTIONAL:
            raise ValueError("nargs must be %r to supply const" % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices,
                         required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        super().__init__(option_strings, dest, nargs=0, const=const, default=default,
                         required=required, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None):
        super().__init__(option_strings, dest, const=True, default=default,
                         required=required, help=help)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None):
        super().__init__(option_strings, dest, const=False, default=default,
                         required=required, help=help)


def _copy_items(items):
    if items is None:
        return []
    if type(items) is list:
        return items[:]
    import copy
    return copy.copy(items)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None):
        if nargs == 0:
            raise ValueError("nargs for append actions must be != 0; if arg strings are not "
                             "supplying the value to append, the append const action may be "
                             "more appropriate")
        super().__init__(option_strings, dest, nargs, const, default, type, choices,
                         required, help, metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = _copy_items(items)
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False,
                 help=None, metavar=None):
        super().__init__(option_strings, dest, nargs=0, const=const, default=default,
                         required=required, help=help, metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = _copy_items(items)
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None):
        super().__init__(option_strings, dest, nargs=0, default=default, required=required,
                         help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        if count is None:
            count = 0
        setattr(namespace, self.dest, count + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None):
        super().__init__(option_strings, dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit"):
        super().__init__(option_strings, dest, default=default, nargs=0, help=help)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        version = self.version
        if version is None:
            version = parser.version
        formatter = parser._get_formatter()
        formatter.add_text(version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = _copy_items(items)
        items.extend(values)
        setattr(namespace, self.dest, items)


class BooleanOptionalAction(Action):
    def __init__(self, option_strings, dest, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None):
        _option_strings = []
        for option_string in option_strings:
            _option_strings.append(option_string)
            if option_string.startswith("--"):
                _option_strings.append("--no-" + option_string[2:])
        if help is not None and default is not None and default is not SUPPRESS:
            help += " (default: %(default)s)"
        super().__init__(option_strings=_option_strings, dest=dest, nargs=0, default=default,
                         type=type, choices=choices, required=required, help=help,
                         metavar=metavar)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith("--no-"))

    def format_usage(self):
        return " | ".join(self.option_strings)


class _SubParsersAction(Action):
    class _ChoicesPseudoAction(Action):
        def __init__(self, name, aliases, help):
            metavar = dest = name
            if aliases:
                metavar += " (%s)" % ", ".join(aliases)
            super().__init__(option_strings=[], dest=dest, help=help, metavar=metavar)

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False,
                 help=None, metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        super().__init__(option_strings=option_strings, dest=dest, nargs=PARSER,
                         choices=self._name_parser_map, required=required, help=help,
                         metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get("prog") is None:
            kwargs["prog"] = "%s %s" % (self._prog_prefix, name)
        aliases = kwargs.pop("aliases", ())
        if name in self._name_parser_map:
            raise ArgumentError(self, "conflicting subparser: %s" % name)
        if "help" in kwargs:
            help = kwargs.pop("help")
            choice_action = self._ChoicesPseudoAction(name, aliases, help)
            self._choices_actions.append(choice_action)
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        parser_name = values[0]
        arg_strings = values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, parser_name)
        try:
            subparser = self._name_parser_map[parser_name]
        except KeyError:
            args = {"parser_name": parser_name,
                    "choices": ", ".join(map(repr, self._name_parser_map))}
            msg = "unknown parser %(parser_name)r (choices: %(choices)s)" % args
            raise ArgumentError(self, msg)
        subnamespace, arg_strings = subparser.parse_known_args(arg_strings, None)
        for key, value in vars(subnamespace).items():
            setattr(namespace, key, value)
        if arg_strings:
            vars(namespace).setdefault("_UNRECOGNIZED_ARGS_ATTR", [])
            getattr(namespace, "_UNRECOGNIZED_ARGS_ATTR").extend(arg_strings)


class FileType:
    """Factory for creating file object types: FileType('r'), FileType('w')."""

    def __init__(self, mode="r", bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._bufsize = bufsize
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        if string == "-":
            if "r" in self._mode:
                return _sys.stdin
            if any(c in self._mode for c in "wax"):
                return _sys.stdout
            raise ValueError('argument "-" with mode %r' % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding, self._errors)
        except OSError as e:
            raise ArgumentTypeError("can't open '%s': %s" % (string, e))

    def __repr__(self):
        args = [self._mode, self._bufsize]
        return "%s(%s)" % (type(self).__name__, ", ".join(repr(a) for a in args if a != -1))


# ---- help formatting ------------------------------------------------------------------


def _wrap(text, width, indent=""):
    import textwrap
    return textwrap.wrap(" ".join(text.split()), width, initial_indent=indent,
                         subsequent_indent=indent) if text.strip() else []


class HelpFormatter:
    """Formatter for generating usage messages and argument help strings."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            width = _terminal_width() - 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position, max(width - 20,
                                                             indent_increment * 2))
        self._width = width
        self._current_indent = 0
        self._sections = []   # (heading, [items]) in order; None heading: top level
        self._items = []
        self._action_max_length = 0

    # building: a list of callables producing text, formatted at the end
    def _indent(self):
        self._current_indent += self._indent_increment

    def _dedent(self):
        self._current_indent -= self._indent_increment

    def start_section(self, heading):
        self._items.append(("section", heading, []))

    def end_section(self):
        pass

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._target().append(("text", text))

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._items.append(("usage", usage, actions, groups, prefix))

    def add_argument(self, action):
        if action.help is not SUPPRESS:
            invocations = [self._format_action_invocation(action)]
            for subaction in self._iter_indented_subactions(action):
                invocations.append(self._format_action_invocation(subaction))
            self._action_max_length = max(self._action_max_length,
                                          max(len(s) for s in invocations[:1]) + 2)
            for s in invocations[1:]:
                self._action_max_length = max(self._action_max_length, len(s) + 4)
            self._target().append(("action", action))

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def _target(self):
        for item in reversed(self._items):
            if item[0] == "section":
                return item[2]
        return self._items_top()

    def _items_top(self):
        top = ("section", None, [])
        self._items.append(top)
        return top[2]

    def format_help(self):
        parts = []
        for item in self._items:
            if item[0] == "usage":
                parts.append(self._format_usage(*item[1:]))
            elif item[0] == "section":
                heading, entries = item[1], item[2]
                body = []
                for e in entries:
                    if e[0] == "text":
                        body.append(self._format_text(e[1], 2 if heading else 0))
                    else:
                        body.append(self._format_action(e[1]))
                text = "".join(body)
                if not text.strip() and heading is not None:
                    continue
                if heading is not None and heading is not SUPPRESS:
                    parts.append("%s:\n" % heading + text + "\n")
                else:
                    parts.append(text + ("\n" if text else ""))
        help = "".join(parts)
        while "\n\n\n" in help:
            help = help.replace("\n\n\n", "\n\n")
        help = help.strip("\n") + "\n"
        return help

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = "usage: "
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif not actions:
            usage = "%(prog)s" % dict(prog=self._prog)
        else:
            prog = "%(prog)s" % dict(prog=self._prog)
            optionals = [a for a in actions if a.option_strings]
            positionals = [a for a in actions if not a.option_strings]
            opt_parts = self._get_actions_usage_parts(optionals, groups)
            pos_parts = self._get_actions_usage_parts(positionals, groups)
            usage = " ".join([s for s in [prog] + opt_parts + pos_parts if s])
            text_width = self._width - self._current_indent
            if len(prefix) + len(usage) > text_width:
                def get_lines(parts, indent, prefix=None):
                    lines = []
                    line = []
                    indent_length = len(indent)
                    if prefix is not None:
                        line_len = len(prefix) - 1
                    else:
                        line_len = indent_length - 1
                    for part in parts:
                        if line_len + 1 + len(part) > text_width and line:
                            lines.append(indent + " ".join(line))
                            line = []
                            line_len = indent_length - 1
                        line.append(part)
                        line_len += len(part) + 1
                    if line:
                        lines.append(indent + " ".join(line))
                    if prefix is not None:
                        lines[0] = lines[0][len(indent):]
                    return lines

                if len(prefix) + len(prog) <= 0.75 * text_width:
                    indent = " " * (len(prefix) + len(prog) + 1)
                    if opt_parts:
                        lines = get_lines([prog] + opt_parts, indent, prefix)
                        lines.extend(get_lines(pos_parts, indent))
                    elif pos_parts:
                        lines = get_lines([prog] + pos_parts, indent, prefix)
                    else:
                        lines = [prog]
                else:
                    indent = " " * len(prefix)
                    parts = opt_parts + pos_parts
                    lines = get_lines(parts, indent)
                    if len(lines) > 1:
                        lines = []
                        lines.extend(get_lines(opt_parts, indent))
                        lines.extend(get_lines(pos_parts, indent))
                    lines = [prog] + lines
                usage = "\n".join(lines)
        return "%s%s\n\n" % (prefix, usage)

    def _get_actions_usage_parts(self, actions, groups):
        group_of = {}
        for group in groups:
            for a in group._group_actions:
                group_of[a] = group
        parts = []
        done_groups = set()
        i = 0
        while i < len(actions):
            action = actions[i]
            group = group_of.get(action)
            if group is not None and id(group) not in done_groups and \
                    all(a in actions for a in group._group_actions) and \
                    len(group._group_actions) > 1:
                done_groups.add(id(group))
                inner = []
                for a in group._group_actions:
                    if a.help is SUPPRESS:
                        continue
                    inner.append(self._format_usage_part(a, bare=True))
                if inner:
                    if group.required:
                        parts.append("(" + " | ".join(inner) + ")")
                    else:
                        parts.append("[" + " | ".join(inner) + "]")
                i += 1
                continue
            if group is not None and id(group) in done_groups:
                i += 1
                continue
            if action.help is not SUPPRESS:
                parts.append(self._format_usage_part(action))
            i += 1
        return parts

    def _format_usage_part(self, action, bare=False):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            part = self._format_args(action, default)
            if bare and part[0] == "[" and part[-1] == "]":
                part = part[1:-1]
            return part
        option_string = action.option_strings[0]
        if action.nargs == 0:
            part = action.format_usage()
        else:
            default = self._get_default_metavar_for_optional(action)
            args_string = self._format_args(action, default)
            part = "%s %s" % (option_string, args_string)
        if not action.required and not bare:
            part = "[%s]" % part
        return part

    def _format_text(self, text, indent):
        if "%(prog)" in text:
            text = text % dict(prog=self._prog)
        text_width = max(self._width - indent, 11)
        return self._fill_text(text, text_width, " " * indent) + "\n\n"

    def _format_action(self, action):
        help_position = min(self._action_max_length + 2, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        indent = 2
        action_width = help_position - indent - 2
        action_header = self._format_action_invocation(action)
        if not action.help:
            tup = " " * indent + action_header + "\n"
        elif len(action_header) <= action_width:
            tup = " " * indent + action_header.ljust(action_width) + "  "
        else:
            tup = " " * indent + action_header + "\n"
        parts = [tup]
        if action.help and action.help.strip():
            help_text = self._expand_help(action)
            if help_text:
                help_lines = self._split_lines(help_text, help_width)
                if tup.endswith("\n"):
                    parts.append(" " * help_position + help_lines[0] + "\n")
                else:
                    parts.append(help_lines[0] + "\n")
                for line in help_lines[1:]:
                    parts.append(" " * help_position + line + "\n")
        elif not tup.endswith("\n"):
            parts.append("\n")
        for subaction in self._iter_indented_subactions(action):
            parts.append(self._format_subaction(subaction, help_position, help_width))
        return "".join(parts)

    def _format_subaction(self, action, help_position, help_width):
        indent = 4
        action_width = help_position - indent - 2
        header = self._format_action_invocation(action)
        if not action.help:
            return " " * indent + header + "\n"
        if len(header) <= action_width:
            tup = " " * indent + header.ljust(action_width) + "  "
        else:
            tup = " " * indent + header + "\n"
        lines = self._split_lines(self._expand_help(action), help_width)
        out = [tup]
        if tup.endswith("\n"):
            out.append(" " * help_position + lines[0] + "\n")
        else:
            out.append(lines[0] + "\n")
        for line in lines[1:]:
            out.append(" " * help_position + line + "\n")
        return "".join(out)

    def _iter_indented_subactions(self, action):
        get_subactions = getattr(action, "_get_subactions", None)
        if get_subactions is not None:
            yield from get_subactions()

    def _format_action_invocation(self, action):
        if not action.option_strings:
            default = self._get_default_metavar_for_positional(action)
            metavar, = self._metavar_formatter(action, default)(1)
            return metavar
        parts = []
        if action.nargs == 0:
            parts.extend(action.option_strings)
        else:
            default = self._get_default_metavar_for_optional(action)
            args_string = self._format_args(action, default)
            for option_string in action.option_strings:
                parts.append("%s %s" % (option_string, args_string))
        return ", ".join(parts)

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            choice_strs = [str(choice) for choice in action.choices]
            result = "{%s}" % ",".join(choice_strs)
        else:
            result = default_metavar

        def format(tuple_size):
            if isinstance(result, tuple):
                return result
            return (result,) * tuple_size
        return format

    def _format_args(self, action, default_metavar):
        get_metavar = self._metavar_formatter(action, default_metavar)
        if action.nargs is None:
            result = "%s" % get_metavar(1)
        elif action.nargs == OPTIONAL:
            result = "[%s]" % get_metavar(1)
        elif action.nargs == ZERO_OR_MORE:
            metavar = get_metavar(1)
            if len(metavar) == 2:
                result = "[%s [%s ...]]" % metavar
            else:
                result = "[%s ...]" % metavar
        elif action.nargs == ONE_OR_MORE:
            result = "%s [%s ...]" % get_metavar(2)
        elif action.nargs == REMAINDER:
            result = "..."
        elif action.nargs == PARSER:
            result = "%s ..." % get_metavar(1)
        elif action.nargs == SUPPRESS:
            result = ""
        else:
            try:
                formats = ["%s" for _ in range(action.nargs)]
            except TypeError:
                raise ValueError("invalid nargs value") from None
            result = " ".join(formats) % get_metavar(action.nargs)
        return result

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], "__name__"):
                params[name] = params[name].__name__
        if params.get("choices") is not None:
            choices_str = ", ".join([str(c) for c in params["choices"]])
            params["choices"] = choices_str
        return self._get_help_string(action) % params

    def _split_lines(self, text, width):
        import textwrap
        text = " ".join(text.split())
        return textwrap.wrap(text, width) or [""]

    def _fill_text(self, text, width, indent):
        import textwrap
        text = " ".join(text.split())
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class RawDescriptionHelpFormatter(HelpFormatter):
    """Help message formatter which retains any formatting in descriptions."""

    def _fill_text(self, text, width, indent):
        return "".join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    """Help message formatter which retains formatting of all help text."""

    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    """Help message formatter which adds default values to argument help."""

    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ""
        if "%(default)" not in help:
            if action.default is not SUPPRESS:
                defaulting_nargs = [OPTIONAL, ZERO_OR_MORE]
                if action.option_strings or action.nargs in defaulting_nargs:
                    help += " (default: %(default)s)"
        return help


class MetavarTypeHelpFormatter(HelpFormatter):
    """Help message formatter which uses the argument 'type' as the default metavar."""

    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__


# ---- containers and the parser ---------------------------------------------------------


class _ActionsContainer:
    def __init__(self, description, prefix_chars, argument_default, conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._registries = {}
        self.register("action", None, _StoreAction)
        self.register("action", "store", _StoreAction)
        self.register("action", "store_const", _StoreConstAction)
        self.register("action", "store_true", _StoreTrueAction)
        self.register("action", "store_false", _StoreFalseAction)
        self.register("action", "append", _AppendAction)
        self.register("action", "append_const", _AppendConstAction)
        self.register("action", "count", _CountAction)
        self.register("action", "help", _HelpAction)
        self.register("action", "version", _VersionAction)
        self.register("action", "parsers", _SubParsersAction)
        self.register("action", "extend", _ExtendAction)
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def register(self, registry_name, value, object):
        registry = self._registries.setdefault(registry_name, {})
        registry[value] = object

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        """add_argument(dest, ..., name=value, ...) or add_argument(option_string,
        option_string, ..., name=value, ...)"""
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and "dest" in kwargs:
                raise ValueError("dest supplied twice for positional argument")
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if "default" not in kwargs:
            dest = kwargs["dest"]
            if dest in self._defaults:
                kwargs["default"] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs["default"] = self.argument_default
        action_class = self._pop_action_class(kwargs)
        if not callable(action_class):
            raise ValueError("unknown action \"%s\"" % (action_class,))
        action = action_class(**kwargs)
        type_func = action.type
        if type_func is not None and not callable(type_func):
            raise ValueError("%r is not callable" % (type_func,))
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for option_string in action.option_strings:
            self._option_string_actions[option_string] = action
        return action

    def _check_conflict(self, action):
        for option_string in action.option_strings:
            if option_string in self._option_string_actions:
                if self.conflict_handler == "resolve":
                    old = self._option_string_actions.pop(option_string)
                    old.option_strings.remove(option_string)
                    if not old.option_strings:
                        old.container._remove_action(old)
                    continue
                conflict = self._option_string_actions[option_string]
                raise ArgumentError(action, "conflicting option string: %s" % option_string)

    def _remove_action(self, action):
        self._actions.remove(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if "required" in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get("nargs") not in [OPTIONAL, ZERO_OR_MORE]:
            kwargs["required"] = True
        if kwargs.get("nargs") == ZERO_OR_MORE and "default" not in kwargs:
            kwargs["required"] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for option_string in args:
            if not option_string[0] in self.prefix_chars:
                raise ValueError("invalid option string %r: must start with a character %r"
                                 % (option_string, self.prefix_chars))
            option_strings.append(option_string)
            if len(option_string) > 1 and option_string[1] in self.prefix_chars:
                long_option_strings.append(option_string)
        dest = kwargs.pop("dest", None)
        if dest is None:
            if long_option_strings:
                dest_option_string = long_option_strings[0]
            else:
                dest_option_string = option_strings[0]
            dest = dest_option_string.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError("dest= is required for options like %r" % option_string)
            dest = dest.replace("-", "_")
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _pop_action_class(self, kwargs, default=None):
        action = kwargs.pop("action", default)
        return self._registry_get("action", action, action)


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **kwargs):
        self.title = title
        self._group_actions = []
        self.description = description
        self._container = container
        self.argument_default = container.argument_default
        self.prefix_chars = container.prefix_chars
        self.conflict_handler = container.conflict_handler
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups

    def _add_action(self, action):
        action = super()._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        super()._remove_action(action)
        self._group_actions.remove(action)


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError("mutually exclusive arguments must be optional")
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)


class ArgumentParser(_ActionsContainer):
    """Object for parsing command line strings into Python objects."""

    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars="-", fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler="error", add_help=True,
                 allow_abbrev=True, exit_on_error=True):
        super().__init__(description=description, prefix_chars=prefix_chars,
                         argument_default=argument_default, conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0]) if _sys.argv and _sys.argv[0] else "prog"
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group("positional arguments")
        self._optionals = self.add_argument_group("options")
        self._subparsers = None
        default_prefix = "-" if "-" in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + "h", default_prefix * 2 + "help",
                              action="help", default=SUPPRESS,
                              help="show this help message and exit")
        for parent in parents:
            for action in parent._actions:
                if action.option_strings and action.option_strings[0] in ("-h", "--help"):
                    continue
                if action.option_strings:
                    self._optionals._add_action(action)
                else:
                    self._positionals._add_action(action)
            self._defaults.update(parent._defaults)

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            raise ArgumentError(None, "cannot have multiple subparser arguments")
        kwargs.setdefault("parser_class", type(self))
        if "title" in kwargs or "description" in kwargs:
            title = kwargs.pop("title", "subcommands")
            description = kwargs.pop("description", None)
            self._subparsers = self.add_argument_group(title, description)
        else:
            self._subparsers = self._positionals
        if kwargs.get("prog") is None:
            formatter = self._get_formatter()
            positionals = [a for a in self._actions if not a.option_strings]
            groups = self._mutually_exclusive_groups
            formatter.add_usage(self.usage, positionals, groups, "")
            kwargs["prog"] = formatter.format_help().strip()
        parsers_class = self._pop_action_class(kwargs, "parsers")
        action = parsers_class(option_strings=[], **kwargs)
        self._subparsers._add_action(action)
        return action

    # ---- parsing ----
    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            msg = "unrecognized arguments: %s"
            self.error(msg % " ".join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = _sys.argv[1:]
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS:
                if not hasattr(namespace, action.dest):
                    if action.default is not SUPPRESS:
                        setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace)
        if hasattr(namespace, "_UNRECOGNIZED_ARGS_ATTR"):
            args.extend(getattr(namespace, "_UNRECOGNIZED_ARGS_ATTR"))
            delattr(namespace, "_UNRECOGNIZED_ARGS_ATTR")
        return namespace, args

    def _match_option(self, arg):
        """(action, option_string, explicit_arg) for an option-like string, or None."""
        if arg in self._option_string_actions:
            return self._option_string_actions[arg], arg, None
        if "=" in arg:
            option_string, explicit_arg = arg.split("=", 1)
            if option_string in self._option_string_actions:
                return self._option_string_actions[option_string], option_string, explicit_arg
        if arg.startswith("--"):
            if self.allow_abbrev:
                prefix = arg.split("=", 1)[0]
                matches = [s for s in self._option_string_actions if s.startswith(prefix) and
                           s.startswith("--")]
                if len(matches) > 1:
                    args = ", ".join(matches)
                    self.error("ambiguous option: %s could match %s" % (prefix, args))
                if len(matches) == 1:
                    explicit = arg.split("=", 1)[1] if "=" in arg else None
                    return self._option_string_actions[matches[0]], matches[0], explicit
            return None
        # -xVALUE or combined short flags -abc
        short = arg[:2]
        if short in self._option_string_actions:
            return self._option_string_actions[short], short, arg[2:]
        return None

    def _looks_negative(self, s):
        try:
            float(s)
            return s.startswith("-") and not any(o.lstrip("-")[:1].isdigit()
                                                 for o in self._option_string_actions)
        except ValueError:
            return False

    def _is_option(self, s):
        return (len(s) > 1 and s[0] in self.prefix_chars and not self._looks_negative(s)
                and " " not in s)

    def _parse_known_args(self, arg_strings, namespace):
        seen_actions = set()
        seen_non_default_actions = set()
        extras = []
        positional_strings = []
        conflicts = {}
        for group in self._mutually_exclusive_groups:
            for i, a in enumerate(group._group_actions):
                conflicts.setdefault(a, []).extend(group._group_actions[:i])
                conflicts[a].extend(group._group_actions[i + 1:])

        def take_action(action, argument_strings, option_string=None):
            seen_actions.add(action)
            argument_values = self._get_values(action, argument_strings)
            if argument_values is not action.default:
                seen_non_default_actions.add(action)
                for conflict_action in conflicts.get(action, []):
                    if conflict_action in seen_non_default_actions:
                        msg = "not allowed with argument %s"
                        action_name = _get_action_name(conflict_action)
                        raise ArgumentError(action, msg % action_name)
            if argument_values is not SUPPRESS:
                action(self, namespace, argument_values, option_string)

        i = 0
        n = len(arg_strings)
        positionals = [a for a in self._actions if not a.option_strings]
        while True:
            # a run of positional strings up to the next option (CPython matches the
            # positional actions it can to each run, even an empty one)
            j = i
            while j < n and arg_strings[j] != "--" and not self._is_option(arg_strings[j]):
                j += 1
            run = arg_strings[i:j]
            if j < n and arg_strings[j] == "--":
                run = run + arg_strings[j + 1:]
                j = n
            used, took_rest = self._consume_positionals(positionals, run, arg_strings[j:],
                                                        take_action)
            if took_rest:
                break
            extras.extend(run[used:])
            i = j
            if i >= n:
                break
            arg = arg_strings[i]
            match = self._match_option(arg)
            if match is None:
                extras.append(arg)
                i += 1
                continue
            action, option_string, explicit_arg = match
            i += 1
            if explicit_arg is not None:
                if action.nargs == 0:
                    if arg.startswith("--"):
                        raise ArgumentError(action, "ignored explicit argument %r" %
                                            explicit_arg)
                    # combined short flags: -abc
                    take_action(action, [], option_string)
                    rest = explicit_arg
                    while rest:
                        flag = "-" + rest[0]
                        if flag not in self._option_string_actions:
                            raise ArgumentError(action, "ignored explicit argument %r" % rest)
                        a2 = self._option_string_actions[flag]
                        if a2.nargs == 0:
                            take_action(a2, [], flag)
                            rest = rest[1:]
                        else:
                            value = rest[1:]
                            if value.startswith("="):
                                value = value[1:]
                            if value:
                                take_action(a2, [value], flag)
                            else:
                                args, i = self._consume_optional_args(a2, arg_strings, i)
                                take_action(a2, args, flag)
                            rest = ""
                    continue
                if explicit_arg.startswith("=") and not arg.startswith("--"):
                    explicit_arg = explicit_arg[1:]
                take_action(action, [explicit_arg], option_string)
                continue
            args, i = self._consume_optional_args(action, arg_strings, i)
            take_action(action, args, option_string)
        required_actions = []
        for action in self._actions:
            if action not in seen_actions:
                if action.required:
                    required_actions.append(_get_action_name(action))
                else:
                    if (action.default is not None and isinstance(action.default, str) and
                            hasattr(namespace, action.dest) and
                            action.default is getattr(namespace, action.dest)):
                        setattr(namespace, action.dest, self._get_value(action,
                                                                        action.default))
        if required_actions:
            raise ArgumentError(None, "the following arguments are required: %s" %
                                ", ".join(required_actions))
        for group in self._mutually_exclusive_groups:
            if group.required:
                for action in group._group_actions:
                    if action in seen_non_default_actions:
                        break
                else:
                    names = [_get_action_name(action) for action in group._group_actions
                             if action.help is not SUPPRESS]
                    msg = "one of the arguments %s is required"
                    raise ArgumentError(None, msg % " ".join(names))
        return namespace, extras

    def _consume_optional_args(self, action, arg_strings, i):
        nargs = action.nargs
        n = len(arg_strings)

        def is_value(s):
            return s != "--" and not self._is_option(s)
        if nargs == 0:
            return [], i
        if nargs is None:
            if i < n and is_value(arg_strings[i]):
                return [arg_strings[i]], i + 1
            raise ArgumentError(action, "expected one argument")
        if nargs == OPTIONAL:
            if i < n and is_value(arg_strings[i]):
                return [arg_strings[i]], i + 1
            return [], i
        if nargs in (ZERO_OR_MORE, ONE_OR_MORE):
            j = i
            while j < n and is_value(arg_strings[j]):
                j += 1
            if nargs == ONE_OR_MORE and j == i:
                raise ArgumentError(action, "expected at least one argument")
            return arg_strings[i:j], j
        if nargs == REMAINDER:
            return arg_strings[i:], n
        if isinstance(nargs, int):
            j = i
            while j < n and j - i < nargs and is_value(arg_strings[j]):
                j += 1
            if j - i < nargs:
                raise ArgumentError(action, "expected %d argument%s" %
                                    (nargs, "s" if nargs > 1 else ""))
            return arg_strings[i:j], j
        raise ValueError("invalid nargs value")

    @staticmethod
    def _nargs_range(a):
        """(least, most) strings a positional takes; most None: unbounded."""
        nargs = a.nargs
        if nargs is None:
            return 1, 1
        if nargs == OPTIONAL:
            return 0, 1
        if nargs == ZERO_OR_MORE:
            return 0, None
        if nargs == ONE_OR_MORE or nargs == PARSER:
            return 1, None
        if nargs == REMAINDER:
            return 0, None
        return nargs, nargs

    def _consume_positionals(self, positionals, run, after, take_action):
        """Give the run of positional strings to as many of the waiting positional actions
        as can take it, greedily (earlier actions take as much as they can while the later
        ones still get their least). Returns (strings used, whether a subcommand or
        REMAINDER took the rest of the command line)."""
        for count in range(len(positionals), 0, -1):
            group = positionals[:count]
            ranges = [self._nargs_range(a) for a in group]
            if sum(lo for lo, hi in ranges) > len(run):
                continue
            pos = 0
            for k, action in enumerate(group):
                lo, hi = ranges[k]
                if action.nargs in (PARSER, REMAINDER):
                    take_action(action, run[pos:] + list(after))
                    del positionals[:k + 1]
                    return len(run), True
                rest_min = sum(r[0] for r in ranges[k + 1:])
                avail = len(run) - pos - rest_min
                take = avail if hi is None else min(hi, avail)
                take = max(take, lo)
                take_action(action, run[pos:pos + take])
                pos += take
            del positionals[:count]
            return pos, False
        return 0, False

    def _get_values(self, action, arg_strings):
        if action.nargs not in [PARSER, REMAINDER]:
            try:
                arg_strings.remove("--")
            except ValueError:
                pass
        if not arg_strings and action.nargs == OPTIONAL:
            if action.option_strings:
                value = action.const
            else:
                value = action.default
            if isinstance(value, str):
                value = self._get_value(action, value)
                self._check_value(action, value)
        elif (not arg_strings and action.nargs == ZERO_OR_MORE and
              not action.option_strings):
            if action.default is not None:
                value = action.default
            else:
                value = arg_strings
            self._check_value(action, value) if isinstance(value, str) else None
        elif len(arg_strings) == 1 and action.nargs in [None, OPTIONAL]:
            arg_string, = arg_strings
            value = self._get_value(action, arg_string)
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in arg_strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in arg_strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        elif action.nargs == 0:
            value = action.const if hasattr(action, "const") else None
            if isinstance(action, (_StoreConstAction, _AppendConstAction, _CountAction,
                                   _HelpAction, _VersionAction, BooleanOptionalAction)):
                value = None
        else:
            value = [self._get_value(action, v) for v in arg_strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, arg_string):
        type_func = action.type
        if type_func is None:
            return arg_string
        if not callable(type_func):
            raise ArgumentError(action, "%r is not callable" % (type_func,))
        try:
            result = type_func(arg_string)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, "__name__", repr(action.type))
            raise ArgumentError(action, "invalid %s value: %r" % (name, arg_string))
        return result

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            args = {"value": value, "choices": ", ".join(map(repr, action.choices))}
            msg = "invalid choice: %(value)r (choose from %(choices)s)"
            raise ArgumentError(action, msg % args)

    # ---- help and errors ----
    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.start_section(None)
        formatter.add_text(self.description)
        for action_group in self._action_groups:
            formatter.start_section(action_group.title)
            formatter.add_text(action_group.description)
            formatter.add_arguments(action_group._group_actions)
            formatter.end_section()
        formatter.start_section(None)
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def print_usage(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_usage(), file)

    def print_help(self, file=None):
        if file is None:
            file = _sys.stdout
        self._print_message(self.format_help(), file)

    def _print_message(self, message, file=None):
        if message:
            if file is None:
                file = _sys.stderr
            file.write(message)

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        """Print a usage message incorporating the message to stderr and exit (2)."""
        self.print_usage(_sys.stderr)
        self.exit(2, "%(prog)s: error: %(message)s\n" % {"prog": self.prog,
                                                         "message": message})

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]
