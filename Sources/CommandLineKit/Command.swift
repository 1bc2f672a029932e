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
    /// Checks what one option cannot check alone (options that exclude or need each other)
    /// once every value has parsed, before `run`; a `CLIError.usage` it throws exits 64.
    public var validate: (@Sendable (Invocation) throws(CLIError) -> Void)?
    /// Runs the command and returns its exit status; nil for a pure group.
    public var run: (@Sendable (Invocation) throws -> Int32)?
    /// The signals the command's service group stops on, blocked (`EarlySignals`) before it
    /// runs, when no thread exists yet: one sent while the command starts up waits for the
    /// group and stops it cleanly, instead of ending the process half started or being lost.
    /// Empty: every signal keeps its default action until a source listens.
    public var earlySignals: [Int32]
    /// An internal command (run by another command, e.g. a Slurm job's `sweep cell`): left out
    /// of the help of its group, but run when named.
    public var hidden: Bool

    public init(
        name: String, summary: String, discussion: String = "", arguments: [any ArgumentDeclaration] = [],
        options: [any OptionDeclaration] = [], subcommands: [Command] = [],
        validate: (@Sendable (Invocation) throws(CLIError) -> Void)? = nil,
        run: (@Sendable (Invocation) throws -> Int32)? = nil, earlySignals: [Int32] = [], hidden: Bool = false
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        self.subcommands = subcommands
        self.validate = validate
        self.run = run
        self.earlySignals = earlySignals
        self.hidden = hidden
    }

    /// This tree with `option` added to every runnable command that does not declare its name
    /// itself: an option all commands take (`--verbose`), declared once.
    public func addingToEveryCommand(_ option: any OptionDeclaration) -> Command {
        var command = self
        if command.run != nil, !command.options.contains(where: { $0.name == option.spec.name }) {
            command.options.append(option.spec)
        }
        command.subcommands = subcommands.map { $0.addingToEveryCommand(option) }
        return command
    }

    /// The subcommand called `name`.
    public func subcommand(_ name: String) -> Command? {
        subcommands.first { $0.name == name }
    }
}

/// A typed option (`Option<Value>`) as the command tree lists it, whatever its value type.
public protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A typed positional argument (`Argument<Value>`) as the command tree lists it.
public protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

/// A named option as the parser and `--help` see it: a flag (`--json`) or an option with a
/// value (`--config FILE`), and how what was given becomes its typed value.
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
    /// Old spellings still accepted, each with a deprecation warning (`--source` for `--api`).
    public var deprecatedNames: [String] = []
    /// Left out of help and the usage line (a deprecated form, or an internal option).
    public var hidden = false
    /// For a hidden option kept for one release: what to use instead, said when it is given.
    public var deprecation: String?
    /// The typed value from the texts given, in order (none when absent; one empty text per
    /// occurrence of a flag), deprecation notes of the values added to the warnings; a usage
    /// error names the option.
    var resolve: @Sendable ([String], inout [String]) throws(CLIError) -> any Sendable

    init(
        name: String, short: String?, valueName: String?, help: String, repeatable: Bool,
        resolve: @escaping @Sendable ([String], inout [String]) throws(CLIError) -> any Sendable
    ) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
        self.resolve = resolve
    }

    /// Whether `word` (`--api`, `-n`, or an old spelling) names this option.
    func isNamed(_ word: String) -> Bool {
        word == name || word == short || deprecatedNames.contains(word)
    }
}

/// A positional argument as the parser and `--help` see it.
public struct ArgumentSpec: Sendable {
    /// The placeholder shown in usage (`FILE`).
    public var name: String
    public var help: String
    public var optional: Bool
    /// The typed value from the text given (nil when an optional argument is absent), its
    /// deprecation note added to the warnings; a usage error names the argument.
    var resolve: @Sendable (String?, inout [String]) throws(CLIError) -> any Sendable
    /// For a last argument that takes every remaining word (`SYMBOL...`): the typed value from
    /// them all; nil for an argument of one word.
    var resolveRest: (@Sendable ([String], inout [String]) throws(CLIError) -> any Sendable)?
}
