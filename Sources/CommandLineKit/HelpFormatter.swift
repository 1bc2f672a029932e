/// Renders `--help` and usage text from the command tree.
public enum HelpFormatter {
    /// The one-line synopsis: `tickwork strategies list [--plugin-dir DIR] [--json]`.
    public static func usageLine(_ command: Command, path: [String]) -> String {
        var parts = [path.joined(separator: " ")]
        if !command.subcommands.isEmpty {
            parts.append(command.run == nil ? "<command>" : "[<command>]")
        }
        for option in command.options where !option.hidden {
            let text = option.valueName.map { "\(option.name) \($0)" } ?? option.name
            parts.append(option.repeatable ? "[\(text)]..." : "[\(text)]")
        }
        for argument in command.arguments {
            parts.append(argument.optional ? "[\(argument.name)]" : argument.name)
        }
        return "USAGE: " + parts.joined(separator: " ")
    }

    /// The full help of `command`.
    public static func help(_ command: Command, path: [String]) -> String {
        var lines = [usageLine(command, path: path), "", command.summary]
        if !command.discussion.isEmpty {
            lines += [""] + wrap(command.discussion, width: 80)
        }
        if !command.subcommands.isEmpty {
            lines += ["", "COMMANDS:"]
            let rows = flatten(command.subcommands, prefix: [])
            let width = rows.map(\.0.count).max() ?? 0
            for (name, summary) in rows {
                lines.append("  " + name.padding(to: width) + "  " + summary)
            }
            lines += ["", "Run '\(path.joined(separator: " ")) <command> --help' for a command's options."]
        }
        if !command.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            let width = command.arguments.map(\.name.count).max() ?? 0
            for argument in command.arguments {
                lines.append("  " + argument.name.padding(to: width) + "  " + argument.help)
            }
        }
        var optionRows: [(String, String)] = command.options.filter { !$0.hidden }.map { option in
            var names = option.short.map { "\($0), \(option.name)" } ?? option.name
            if let valueName = option.valueName { names += " \(valueName)" }
            return (names, option.help + (option.repeatable ? " (repeatable)" : ""))
        }
        optionRows.append(("-h, --help", "Show this help."))
        if path.count == 1 {
            optionRows.append(("--version", "Show the version."))
        }
        lines += ["", "OPTIONS:"]
        let width = optionRows.map(\.0.count).max() ?? 0
        for (names, help) in optionRows {
            lines.append("  " + names.padding(to: width) + "  " + help)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` broken into lines of at most `width` characters at spaces; explicit newlines stay.
    static func wrap(_ text: String, width: Int) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph -> [String] in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(separator: " ") {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += line.isEmpty ? String(word) : " " + word
            }
            return lines + [line]
        }
    }

    /// Runnable commands below a group as `strategies list`, with their summaries.
    private static func flatten(_ commands: [Command], prefix: [String]) -> [(String, String)] {
        commands.filter { !$0.hidden }.flatMap { command -> [(String, String)] in
            let words = prefix + [command.name]
            let own = command.run == nil ? [] : [(words.joined(separator: " "), command.summary)]
            return own + flatten(command.subcommands, prefix: words)
        }
    }
}

extension String {
    /// This string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
