#if canImport(Glibc)
import Glibc
#endif

/// What the search compares, folded once when the directory is made and laid out in one
/// buffer so that a query scans memory in order: for each entry its folded name, a 0 byte, its
/// folded ticker, a 0 byte; and where each word of the name and of the ticker starts (`b` of
/// `brk.b` is a word too).
struct SearchIndex: Sendable {
    /// Where one entry's bytes lie in `text`, and its word starts in `wordStarts`.
    struct Span: Sendable {
        var name: Int32
        var ticker: Int32
        var end: Int32
        var firstWord: Int32
        var endWord: Int32
    }

    private(set) var text: [UInt8] = []
    private(set) var spans: [Span] = []
    private(set) var wordStarts: [Int32] = []

    init(_ entries: [DirectoryEntry]) {
        spans.reserveCapacity(entries.count)
        for entry in entries {
            let name = Int32(text.count)
            text.append(contentsOf: AccentFolding.fold(entry.name))
            text.append(0)
            let ticker = Int32(text.count)
            text.append(contentsOf: AccentFolding.fold(entry.symbol))
            let firstWord = Int32(wordStarts.count)
            for index in Int(name)..<text.count where AccentFolding.isWordByte(text[index]) && !AccentFolding.isWordByte(index == 0 ? 0 : text[index - 1]) {
                wordStarts.append(Int32(index))
            }
            text.append(0)
            spans.append(Span(name: name, ticker: ticker, end: Int32(text.count - 1), firstWord: firstWord, endWord: Int32(wordStarts.count)))
        }
    }

    /// The folded name of entry `index` (the tie-break's order).
    func name(_ index: Int) -> ArraySlice<UInt8> {
        text[Int(spans[index].name)..<Int(spans[index].ticker - 1)]
    }

    /// The folded ticker of entry `index`.
    func ticker(_ index: Int) -> ArraySlice<UInt8> {
        text[Int(spans[index].ticker)..<Int(spans[index].end)]
    }

    /// Calls `body` with each entry matching the folded query `trimmed`, whose words are
    /// `words`, and its rank, in entry order.
    func forEachMatch(
        _ trimmed: UnsafeBufferPointer<UInt8>, _ words: [UnsafeBufferPointer<UInt8>], _ body: (Int, SymbolDirectory.MatchRank) -> Void
    ) {
        text.withUnsafeBufferPointer { bytes in
            wordStarts.withUnsafeBufferPointer { starts in
                spans.withUnsafeBufferPointer { spans in
                    guard let base = bytes.baseAddress else { return }
                    let first = words[0]
                    // Every rank needs the first word somewhere in the name or the ticker: one
                    // scan of the whole buffer finds the entries that have it, and the rest are
                    // never looked at.
                    var position = 0
                    var index = 0
                    while position + first.count <= bytes.count {
                        guard let found = memchr(base + position, Int32(first[0]), bytes.count - first.count - position + 1) else { break }
                        let at = found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
                        guard memcmp(base + at, first.baseAddress!, first.count) == 0 else {
                            position = at + 1
                            continue
                        }
                        while Int(spans[index].end) < at { index += 1 }
                        let span = spans[index]
                        position = Int(span.end) + 1
                        let record = base + Int(span.name)
                        let length = Int(span.end - span.name)
                        let ticker = base + Int(span.ticker)
                        let tickerLength = Int(span.end - span.ticker)
                        if tickerLength >= trimmed.count, memcmp(ticker, trimmed.baseAddress!, trimmed.count) == 0 {
                            body(index, tickerLength == trimmed.count ? .exactTicker : .tickerPrefix)
                            continue
                        }
                        let everyWord = words.allSatisfy { word in
                            (Int(span.firstWord)..<Int(span.endWord)).contains { slot in
                                let start = Int(starts[slot])
                                return start + word.count <= Int(span.end) && memcmp(base + start, word.baseAddress!, word.count) == 0
                            }
                        }
                        if everyWord {
                            body(index, .wordPrefix)
                        } else if Self.contains(record, length, trimmed) {
                            body(index, .substring)
                        }
                    }
                }
            }
        }
    }

    /// Whether `needle` occurs in the `length` bytes at `haystack`.
    @inline(__always)
    static func contains(_ haystack: UnsafePointer<UInt8>, _ length: Int, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first else { return true }
        var position = haystack
        let last = haystack + length - needle.count
        while position <= last {
            guard let found = memchr(position, Int32(first), last - position + 1) else { return false }
            let candidate = found.assumingMemoryBound(to: UInt8.self)
            if memcmp(candidate, needle.baseAddress!, needle.count) == 0 { return true }
            position = UnsafePointer(candidate) + 1
        }
        return false
    }
}
