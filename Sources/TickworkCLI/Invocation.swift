/// A parsed command line for one command: what was given, checked against the command's
/// declared options and arguments.
public struct Invocation: Sendable {
    /// The command words from the root, e.g. `["tickwork", "strategies", "list"]`.
    public var path: [String]
    /// The values given for each option that takes one, in order.
    public var values: [String: [String]]
    /// The flags given.
    public var flags: Set<String>
    /// The positional arguments, in order.
    public var arguments: [String]

    /// The last value given for `option`, if any.
    public func value(_ option: String) -> String? { values[option]?.last }

    /// Every value given for a repeatable `option`.
    public func allValues(_ option: String) -> [String] { values[option] ?? [] }

    /// Whether the flag `option` was given.
    public func flag(_ option: String) -> Bool { flags.contains(option) }

    /// The positional argument at `index`, if given.
    public func argument(_ index: Int) -> String? { index < arguments.count ? arguments[index] : nil }

    /// The value of `option` as an integer in `range`, or `fallback` when absent. A value that
    /// is not such an integer is a usage error.
    public func integer(_ option: String, default fallback: Int64, in range: ClosedRange<Int64>) throws(CLIError) -> Int64 {
        guard let text = value(option) else { return fallback }
        guard let number = Int64(text), range.contains(number) else {
            throw .usage("\(option): expected an integer in \(range.lowerBound)...\(range.upperBound), got \"\(text)\"")
        }
        return number
    }
}
