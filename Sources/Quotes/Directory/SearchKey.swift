/// What the search compares for one directory entry, folded once when the directory is made.
struct SearchKey: Sendable {
    /// The folded ticker (`brk.b`).
    let ticker: [UInt8]
    /// The folded name (`nestle s.a.`).
    let name: [UInt8]
    /// Where each word of the name starts, then where each word of the ticker starts offset by
    /// `name.count` (so `b` of `brk.b` is a word too).
    let wordStarts: [Int32]

    init(_ entry: DirectoryEntry) {
        ticker = AccentFolding.fold(entry.symbol)
        name = AccentFolding.fold(entry.name)
        var starts: [Int32] = []
        for (offset, text) in [(0, name), (name.count, ticker)] {
            for index in text.indices where AccentFolding.isWordByte(text[index]) && (index == 0 || !AccentFolding.isWordByte(text[index - 1])) {
                starts.append(Int32(offset + index))
            }
        }
        wordStarts = starts
    }

    /// The byte at `position` of the name followed by the ticker.
    @inline(__always)
    func byte(at position: Int) -> UInt8 {
        position < name.count ? name[position] : ticker[position - name.count]
    }

    /// Whether `word` starts some word of the name or of the ticker.
    func hasWord(startingWith word: ArraySlice<UInt8>) -> Bool {
        let total = name.count + ticker.count
        for start in wordStarts {
            let start = Int(start)
            guard start + word.count <= total else { continue }
            // A word of the name must not run on into the ticker.
            if start < name.count, start + word.count > name.count { continue }
            var matched = true
            var position = start
            for expected in word {
                if byte(at: position) != expected {
                    matched = false
                    break
                }
                position += 1
            }
            if matched { return true }
        }
        return false
    }

    /// Whether `text` occurs anywhere in `haystack`.
    static func contains(_ haystack: [UInt8], _ text: [UInt8]) -> Bool {
        guard let first = text.first, text.count <= haystack.count else { return text.isEmpty }
        var index = 0
        let last = haystack.count - text.count
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < text.count, haystack[index + offset] == text[offset] { offset += 1 }
                if offset == text.count { return true }
            }
            index += 1
        }
        return false
    }
}
