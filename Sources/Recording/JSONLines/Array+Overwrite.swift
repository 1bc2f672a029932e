extension Array where Element: BitwiseCopyable {
    /// Makes the array a copy of `elements`, in its own storage when that is unique and large
    /// enough: the elements it keeps are overwritten in one move, where emptying it and appending
    /// them all cost more than the copy for a side of a book.
    @inline(__always)
    mutating func overwrite(with elements: UnsafeBufferPointer<Element>) {
        let kept = Swift.min(count, elements.count)
        if count > elements.count {
            removeLast(count - elements.count)
        } else if count < elements.count {
            append(contentsOf: UnsafeBufferPointer(rebasing: elements[count...]))
        }
        guard kept > 0 else { return }
        withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: elements.baseAddress!, count: kept) }
    }
}
