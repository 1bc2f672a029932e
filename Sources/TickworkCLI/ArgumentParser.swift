/// What the command line asks for, before anything runs.
enum ParseOutcome {
    /// Run `command` with `invocation`.
    case run(Command, Invocation)
    /// Print `command`'s help (asked for, or a group named without a subcommand).
    case help(Command, path: [String])
    /// Print the version.
    case version
}

/// Turns arguments into a command and its invocation. Parse, then validate, then run: nothing
/// runs until the whole line is known to be well formed.
enum ArgumentParser {
    /// A usage error, carrying the command whose usage should be shown.
    struct UsageError: Error {
        var message: String
        var command: Command
        var path: [String]
    }

    static func parse(_ arguments: [String], root: Command) throws(UsageError) -> ParseOutcome {
        var command = root
        var path = [root.name]
        var rest = arguments[...]
        // Descend the tree while words name subcommands.
        while let word = rest.first, !command.subcommands.isEmpty {
            if word == "--help" || word == "-h" { return .help(command, path: path) }
            if word == "--version", path.count == 1 { return .version }
            guard let next = command.subcommand(word) else {
                let message = word.hasPrefix("-") ? "unknown option \(word)" : "unknown command '\(word)'"
                throw UsageError(message: message, command: command, path: path)
            }
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        if !command.subcommands.isEmpty || command.run == nil {
            return .help(command, path: path)
        }
        var invocation = Invocation(path: path, values: [:], flags: [], arguments: [])
        var onlyArguments = false
        while let word = rest.popFirst() {
            if onlyArguments || !word.hasPrefix("-") || word == "-" {
                invocation.arguments.append(word)
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
            guard let option = command.options.first(where: { $0.name == name || $0.short == name }) else {
                throw UsageError(message: "unknown option \(name)", command: command, path: path)
            }
            if option.valueName == nil {
                guard inlineValue == nil else {
                    throw UsageError(message: "\(option.name) takes no value", command: command, path: path)
                }
                invocation.flags.insert(option.name)
                continue
            }
            guard let value = inlineValue ?? rest.popFirst() else {
                throw UsageError(message: "\(option.name) needs a value (\(option.valueName ?? ""))", command: command, path: path)
            }
            if !option.repeatable, invocation.values[option.name] != nil {
                throw UsageError(message: "\(option.name) given more than once", command: command, path: path)
            }
            invocation.values[option.name, default: []].append(value)
        }
        let required = command.arguments.filter { !$0.optional }.count
        if invocation.arguments.count < required {
            let missing = command.arguments[invocation.arguments.count]
            throw UsageError(message: "missing argument \(missing.name)", command: command, path: path)
        }
        if invocation.arguments.count > command.arguments.count {
            let extra = invocation.arguments[command.arguments.count]
            throw UsageError(message: "unexpected argument '\(extra)'", command: command, path: path)
        }
        return .run(command, invocation)
    }
}
