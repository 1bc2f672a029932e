/// A parsed command line for one command: the typed value of every option and argument the
/// command declares, each already parsed and checked, read with `invocation[declaration]`.
public struct Invocation: Sendable {
    /// The command words from the root, e.g. `["tickwork", "strategies", "list"]`.
    public var path: [String]
    /// Every declared option's value (its default where absent), by long name.
    var options: [String: any Sendable] = [:]
    /// The long names of the options given on the line.
    var given: Set<String> = []
    /// Every declared argument's value (nil where an optional one is absent), by placeholder.
    var arguments: [String: any Sendable] = [:]
    /// What the line said in a deprecated way (an old option spelling, a bare number for a
    /// duration), one line each, for the tool to print on stderr before it runs the command.
    public internal(set) var warnings: [String] = []

    init(path: [String]) {
        self.path = path
    }

    /// The value of `option`, which the command must declare.
    public subscript<Value>(option: Option<Value>) -> Value {
        value(options[option.spec.name], named: option.spec.name)
    }

    /// The value of `argument`, which the command must declare.
    public subscript<Value>(argument: Argument<Value>) -> Value {
        value(arguments[argument.spec.name], named: argument.spec.name)
    }

    /// Whether `option` was given on the line (as opposed to taking its default).
    public func isGiven(_ option: any OptionDeclaration) -> Bool {
        given.contains(option.spec.name)
    }

    /// Whether the command declares `option` (options shared by several commands, each of
    /// which declares some of them).
    public func declares(_ option: any OptionDeclaration) -> Bool {
        options[option.spec.name] != nil
    }

    /// A stored value as the declaration's type. A declaration the command does not list is a
    /// programming error, which the first test of the command finds.
    private func value<Value>(_ stored: (any Sendable)?, named name: String) -> Value {
        guard let stored, let value = stored as? Value else {
            preconditionFailure("\(name) is not declared by \(path.joined(separator: " ")) as \(Value.self)")
        }
        return value
    }
}
