/// One node of the command tree: a command with options and arguments, or a group of
/// subcommands. The tree is data, so help, parsing and validation all read the same source.
public struct Command: Sendable {
    /// The word that selects this command (`list` in `tickwork strategies list`).
    public var name: String
    /// One line for listings and the top of `--help`.
    public var summary: String
    /// Longer text shown under the usage in `--help`.
    public var discussion: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    public var subcommands: [Command]
    /// Runs the command and returns its exit status; nil for a pure group.
    public var run: (@Sendable (Invocation) throws -> Int32)?

    public init(
        name: String, summary: String, discussion: String = "", arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], subcommands: [Command] = [],
        run: (@Sendable (Invocation) throws -> Int32)? = nil
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.run = run
    }

    /// The subcommand called `name`.
    func subcommand(_ name: String) -> Command? {
        subcommands.first { $0.name == name }
    }
}

/// A named option: a flag (`--json`) or an option with a value (`--config FILE`).
public struct OptionSpec: Sendable {
    /// The long name with dashes, e.g. `--config`.
    public var name: String
    /// A one-letter alias with its dash, e.g. `-n`.
    public var short: String?
    /// The placeholder of the value (`FILE`); nil for a flag.
    public var valueName: String?
    public var help: String
    /// Whether the option may be given more than once.
    public var repeatable: Bool

    /// A flag: present or absent.
    public static func flag(_ name: String, short: String? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help, repeatable: false)
    }

    /// An option that takes a value.
    public static func value(_ name: String, _ valueName: String, short: String? = nil, repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help, repeatable: repeatable)
    }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    /// The placeholder shown in usage (`FILE`).
    public var name: String
    public var help: String
    public var optional: Bool

    public init(_ name: String, optional: Bool = false, help: String) {
        self.name = name
        self.help = help
        self.optional = optional
    }
}
