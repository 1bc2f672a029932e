/// Aligns rows of cells into columns separated by two spaces; the last column is not padded.
enum TextTable {
    static func render(_ rows: [[String]], indent: String = "", rightAligned: Set<Int> = []) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], cell.count)
            }
        }
        var text = ""
        for row in rows {
            var line = indent
            for (index, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                if index == row.count - 1 && !rightAligned.contains(index) {
                    line += cell
                } else {
                    line += rightAligned.contains(index) ? pad + cell : cell + pad
                }
                if index < row.count - 1 { line += "  " }
            }
            text += line + "\n"
        }
        return text
    }
}
