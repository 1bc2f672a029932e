import FoundationEssentials

/// `--json` output: pretty-printed with sorted keys so that output is stable for scripts and diffs.
enum JSONOutput {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
