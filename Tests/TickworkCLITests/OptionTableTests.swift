import CommandLineKit
import Foundation
import Testing

@testable import TickworkCLI

/// The option vocabulary of README.md's "Options" section, enforced over the whole command tree
/// (whatever commands are registered): every option is spelled as the tables say, no visible
/// option uses an old spelling, old spellings are documented, and every command that prints
/// has `--json`.
@Suite(.timeLimit(.minutes(10))) struct OptionTableTests {
    /// Commands whose output is not data: the daemon and the simulated exchange (their logs go
    /// to stderr), `record convert` (prints nothing on success), `completion` (a shell script).
    static let silent: Set<String> = ["run", "exchange", "record convert", "completion"]
    /// Commands that take `--config` but find no configuration for `--verbose` to name:
    /// `level` plays the level's own strategy unless given one, `backtest` and `sweep plan` read
    /// a configuration only when given one.
    static let findsNoConfiguration: Set<String> = ["level", "backtest", "sweep plan"]

    /// README.md's tables under "## Options".
    struct Vocabulary {
        /// Every spelling of the general table: `--limit N`, `-n N`, `--json`.
        var general: Set<String> = []
        /// Each command's own spellings, by the command words (`history`, `order place`); a row
        /// holds for the commands below it too.
        var own: [String: Set<String>] = [:]
        /// The old option names (`--source`): the first word of each spelling in the first
        /// column of the third table, on rows that start with one.
        var old: Set<String> = []

        init() throws {
            let readme = try String(
                contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
            guard let start = readme.range(of: "\n## Options\n") else { throw CocoaError(.fileReadCorruptFile) }
            let section = readme[start.upperBound...].prefix { _ in true }
            let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
            var table = 0
            var previousWasRow = false
            for line in section[..<end].split(separator: "\n", omittingEmptySubsequences: false) {
                let isRow = line.hasPrefix("|")
                defer { previousWasRow = isRow }
                guard isRow else { continue }
                if !previousWasRow { table += 1 }
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count > 2, !cells[1].hasPrefix("---") else { continue }
                switch table {
                case 1: general.formUnion(Self.spellings(cells[1]))
                case 2:
                    for command in Self.spellings(cells[1]) { own[command, default: []].formUnion(Self.spellings(cells[2])) }
                default:
                    // Rows of old values ("a bare number for a duration") name no old option.
                    guard cells[1].hasPrefix("`") else { continue }
                    old.formUnion(Self.spellings(cells[1]).compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0.hasPrefix("--") })
                }
            }
        }

        /// The backticked texts of a cell.
        static func spellings(_ cell: String) -> [String] {
            cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }

        /// Whether `spelling` is allowed for the command `words`.
        func allows(_ spelling: String, in words: [String]) -> Bool {
            general.contains(spelling) || own.contains { command, spellings in
                words.starts(with: command.split(separator: " ").map(String.init)) && spellings.contains(spelling)
            }
        }
    }

    /// Every runnable command of the tree with its words below `tickwork` (`["history", "fills"]`).
    static func commands(_ command: Command = CommandTree.root, words: [String] = []) -> [(words: [String], command: Command)] {
        let own = command.run == nil || words.isEmpty ? [] : [(words, command)]
        return own + command.subcommands.flatMap { commands($0, words: words + [$0.name]) }
    }

    /// What is wrong with the command tree against `vocabulary`, one line each.
    static func violations(_ vocabulary: Vocabulary, in tree: [(words: [String], command: Command)]) -> [String] {
        var found: [String] = []
        for (words, command) in tree {
            let name = words.joined(separator: " ")
            for option in command.options {
                if option.hidden {
                    if option.deprecation == nil { found.append("\(name): \(option.name) is hidden without saying what replaces it") }
                    if !vocabulary.old.contains(option.name) { found.append("\(name): \(option.name) is an old spelling the README does not list") }
                    continue
                }
                let value = option.valueName.map { " " + $0 } ?? ""
                for spelling in [option.name] + (option.short.map { [$0] } ?? []) where !vocabulary.allows(spelling + value, in: words) {
                    found.append("\(name): \(spelling + value) is in neither of the README's option tables")
                }
                if vocabulary.old.contains(option.name) { found.append("\(name): \(option.name) is an old spelling, yet shown") }
                for alias in option.deprecatedNames where !vocabulary.old.contains(alias) {
                    found.append("\(name): \(alias) is an old spelling the README does not list")
                }
            }
            let names = Set(command.options.map(\.name))
            if !command.hidden, !silent.contains(name), !names.contains("--json") {
                found.append("\(name): prints without --json")
            }
            if names.contains("--config"), !findsNoConfiguration.contains(name), !names.contains("--verbose") {
                found.append("\(name): takes --config without --verbose")
            }
        }
        return found
    }

    @Test func everyCommandSpeaksTheVocabularyOfTheReadme() throws {
        let vocabulary = try Vocabulary()
        #expect(vocabulary.general.contains("--limit N") && vocabulary.own["exchange"]?.contains("--bots N") == true && vocabulary.old.contains("--source"))
        let violations = Self.violations(vocabulary, in: Self.commands())
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func aViolationIsFound() throws {
        let vocabulary = try Vocabulary()
        let stray: Option<Int64> = .defaulted("--lines", "N", default: 1, help: "Old.", parse: .integer(in: 1...9))
        let undocumented: Option<Int64> = .defaulted("--count", "N", default: 1, help: "New.", parse: .integer(in: 1...9))
        let tree = [(["frob"], Command(name: "frob", summary: "Prints.", options: [stray, undocumented], run: { _ in 0 }))]
        #expect(Self.violations(vocabulary, in: tree) == [
            "frob: --lines N is in neither of the README's option tables",
            "frob: --lines is an old spelling, yet shown",
            "frob: --count N is in neither of the README's option tables",
            "frob: prints without --json",
        ])
    }
}
