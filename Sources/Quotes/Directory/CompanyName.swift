/// A company's name as people say it: the words of its folded name (`AccentFolding.fold`)
/// without the legal form and share class around them, so that "apple" is Apple Inc.'s name
/// exactly, and "microsoft" Microsoft Corporation's. Search ranks such an exact name match right
/// after an exact ticker.
enum CompanyName {
    /// Words a name ends with that say its legal form or listing, not the company.
    private static let designations: Set<[UInt8]> = Set([
        "inc", "incorporated", "corp", "corporation", "co", "cos", "company", "companies", "ltd", "limited", "plc",
        "holdings", "holding", "llc", "lp", "sa", "nv", "ag", "se", "the", "common", "stock", "shares", "ordinary", "adr", "ads",
    ].map { Array($0.utf8) })

    /// The words of `folded` joined by single blanks, without trailing designations
    /// (`Inc.`, `Corp.`, `Holdings`, `(The)`, `Common Stock`...), a trailing share class
    /// (`Class A`) or a leading `The`; its first word is always kept.
    static func core(_ folded: some Collection<UInt8>) -> [UInt8] {
        var words = folded.split { !AccentFolding.isWordByte($0) }
        var trimmed = true
        while trimmed {
            trimmed = false
            if words.count > 1, let last = words.last, designations.contains(Array(last)) {
                words.removeLast()
                trimmed = true
            } else if words.count > 2, words[words.count - 2].elementsEqual("class".utf8), words[words.count - 1].count <= 2 {
                words.removeLast(2)
                trimmed = true
            }
        }
        if words.count > 1, words[0].elementsEqual("the".utf8) { words.removeFirst() }
        var core: [UInt8] = []
        for word in words {
            if !core.isEmpty { core.append(UInt8(ascii: " ")) }
            core.append(contentsOf: word)
        }
        return core
    }
}
