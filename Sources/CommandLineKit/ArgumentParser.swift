/// What the command line asks for, before anything runs.
public enum ParseOutcome {
    /// Run `command` with `invocation`.
    case run(Command, Invocation)
    /// Print `command`'s help (asked for, or a group named without a subcommand).
    case help(Command, path: [String])
    /// Print the version.
    case version
}

/// Turns arguments into a command and its invocation. Parse, then validate, then run: nothing
/// runs until the whole line is known to be well formed.
public enum ArgumentParser {
    /// A usage error, carrying the command whose usage should be shown.
    public struct UsageError: Error {
        public var message: String
        public var command: Command
        public var path: [String]
    }

    public static func parse(_ arguments: [String], root: Command) throws(UsageError) -> ParseOutcome {
        var command = root
        var path = [root.name]
        var rest = arguments[...]
        // Descend the tree while words name subcommands.
        while let word = rest.first, !command.subcommands.isEmpty {
            if word == "--help" || word == "-h" { return .help(command, path: path) }
            if word == "--version", path.count == 1 { return .version }
            guard let next = command.subcommand(word) else {
                // A runnable command with subcommands (`record`, `record convert`) takes
                // anything else as its own options and arguments.
                if command.run != nil { break }
                let message = word.hasPrefix("-") ? "unknown option \(word)" : "unknown command '\(word)'"
                throw UsageError(message: message, command: command, path: path)
            }
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        if command.run == nil {
            return .help(command, path: path)
        }
        var texts: [String: [String]] = [:]
        var positional: [String] = []
        var warnings: [String] = []
        var onlyArguments = false
        while let word = rest.popFirst() {
            if onlyArguments || !word.hasPrefix("-") || word == "-" {
                positional.append(word)
                continue
            }
            if word == "--" {
                onlyArguments = true
                continue
            }
            if word == "--help" || word == "-h" { return .help(command, path: path) }
            var name = word
            var inlineValue: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let option = command.options.first(where: { $0.isNamed(name) }) else {
                throw UsageError(message: "unknown option \(name)", command: command, path: path)
            }
            if option.deprecatedNames.contains(name) {
                warnings.append("\(name) is deprecated: use \(option.name) (the old spelling goes in the next release)")
            } else if let deprecation = option.deprecation {
                warnings.append("\(name) is deprecated: \(deprecation) (it goes in the next release)")
            }
            if option.valueName == nil {
                guard inlineValue == nil else {
                    throw UsageError(message: "\(option.name) takes no value", command: command, path: path)
                }
                texts[option.name, default: []].append("")
                continue
            }
            guard let value = inlineValue ?? rest.popFirst() else {
                throw UsageError(message: "\(option.name) needs a value (\(option.valueName ?? ""))", command: command, path: path)
            }
            if !option.repeatable, texts[option.name] != nil {
                throw UsageError(message: "\(option.name) given more than once", command: command, path: path)
            }
            texts[option.name, default: []].append(value)
        }
        let required = command.arguments.filter { !$0.optional }.count
        if positional.count < required {
            let missing = command.arguments[positional.count]
            throw UsageError(message: "missing argument \(missing.name)", command: command, path: path)
        }
        if positional.count > command.arguments.count, command.arguments.last?.resolveRest == nil {
            let extra = positional[command.arguments.count]
            throw UsageError(message: "unexpected argument '\(extra)'", command: command, path: path)
        }
        do {
            return .run(command, try resolve(command, path: path, texts: texts, positional: positional, warnings: warnings))
        } catch {
            throw UsageError(message: error.description, command: command, path: path)
        }
    }

    /// The typed values of `command`'s options and arguments from the texts given, in the order
    /// they are declared, with the warnings about deprecated spellings and values, then the
    /// command's own check of how they go together.
    private static func resolve(
        _ command: Command, path: [String], texts: [String: [String]], positional: [String], warnings: [String]
    ) throws(CLIError) -> Invocation {
        var invocation = Invocation(path: path)
        invocation.warnings = warnings
        for option in command.options {
            let given = texts[option.name]
            invocation.options[option.name] = try option.resolve(given ?? [], &invocation.warnings)
            if given != nil { invocation.given.insert(option.name) }
        }
        for (index, argument) in command.arguments.enumerated() {
            if let resolveRest = argument.resolveRest {
                invocation.arguments[argument.name] = try resolveRest(Array(positional.dropFirst(index)), &invocation.warnings)
                continue
            }
            invocation.arguments[argument.name] = try argument.resolve(
                index < positional.count ? positional[index] : nil, &invocation.warnings)
        }
        try command.validate?(invocation)
        return invocation
    }
}
