/// An append-only array stored in fixed-size chunks that are never moved: appending never copies
/// what is already stored (an array that doubles copies all of it), and each chunk is written in
/// full when it is created, so the cost of the operating system's first touch of its memory is
/// paid by one append in `chunkSize` rather than by every few appends.
struct ChunkedLog<Element> {
    static var chunkShift: Int { 12 }
    static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [ContiguousArray<Element>] = []
    private(set) var count = 0
    /// The value new chunks are filled with until their elements are appended.
    private let filler: Element

    init(filler: Element) { self.filler = filler }

    subscript(index: Int) -> Element {
        get { chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
        _modify { yield &chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
    }

    /// The last element, if any.
    var last: Element? { count > 0 ? self[count - 1] : nil }

    /// Appends `element` and returns its index.
    @discardableResult
    mutating func append(_ element: Element) -> Int {
        if count & (Self.chunkSize - 1) == 0 {
            chunks.append(ContiguousArray(repeating: filler, count: Self.chunkSize))
        }
        let index = count
        self[index] = element
        count += 1
        return index
    }
}

extension ChunkedLog: Sendable where Element: Sendable {}
