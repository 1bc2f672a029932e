import CommandLineKit
import FoundationEssentials

/// `--json` output: pretty-printed with sorted keys so that output is stable for scripts and diffs.
enum JSONOutput {
    /// `--json` of a command whose text is a line or two: the same facts as one JSON object.
    static let flag: Option<Bool> = .flag("--json", help: "Print the result as a JSON object.")

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
