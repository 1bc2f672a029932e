import Wire

/// The `User-Agent` EDGAR requires of every client: a name and a contact e-mail address, e.g.
/// `Jane Doe jane@example.com`. Only a validated one can be made, so an invoker without one
/// cannot exist and no request goes out unsigned.
public struct EdgarUserAgent: Sendable, Hashable, CustomStringConvertible {
    /// The header's value.
    public let value: String

    /// The environment variable read when the configuration gives none.
    public static let environmentVariable = "TICKWORK_EDGAR_USER_AGENT"

    /// Validates `text`: it must hold a word with an e-mail address's shape (`name@host.tld`).
    /// Throws `userAgentRequired` with one line saying what to set.
    public init(_ text: String?) throws(EdgarError) {
        let trimmed = (text ?? "").trimmingWhitespace
        guard !trimmed.isEmpty else { throw .userAgentRequired(Self.advice("no User-Agent is set")) }
        guard trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" })
            .contains(where: Self.isAddress)
        else { throw .userAgentRequired(Self.advice("User-Agent \"\(trimmed)\" has no e-mail address")) }
        guard trimmed.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw .userAgentRequired(Self.advice("User-Agent \"\(trimmed)\" holds characters a header cannot carry"))
        }
        value = trimmed
    }

    public var description: String { value }

    private static func isAddress(_ word: Substring) -> Bool {
        let parts = word.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    private static func advice(_ problem: String) -> String {
        "EDGAR: \(problem); set edgar.userAgent in the configuration or $\(environmentVariable) to a name and a contact e-mail address, e.g. \"Jane Doe jane@example.com\""
    }
}
