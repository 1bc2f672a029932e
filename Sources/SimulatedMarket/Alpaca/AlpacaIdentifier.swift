/// The UUIDs the simulated Alpaca API hands out, made from integers so that they are the same on
/// every run: `aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee` holds a 64-bit number in its first, second,
/// and last groups and a kind (orders, accounts, assets, fills) in the third.
enum AlpacaIdentifier {
    /// What a UUID names; its number is the third group's last three hex digits.
    enum Kind: UInt16 {
        case order = 1, account, asset, fill
    }

    /// The UUID of `number` of `kind`: lower-case hex, version 4 and variant bits set.
    static func uuid(_ number: UInt64, _ kind: Kind) -> String {
        let digits = hex(number, width: 16)
        let high = digits.prefix(12)
        let low = digits.suffix(4)
        return "\(high.prefix(8))-\(high.suffix(4))-4\(hex(UInt64(kind.rawValue), width: 3))-8000-00000000\(low)"
    }

    /// The number of an order UUID made by `uuid(_:.order)`, or nil for any other text.
    static func orderNumber(_ text: Substring) -> UInt64? {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.count == 5, groups[2] == "4" + hex(UInt64(Kind.order.rawValue), width: 3), groups[3] == "8000",
              groups[0].count == 8, groups[1].count == 4, groups[4].count == 12, groups[4].hasPrefix("00000000") else { return nil }
        return UInt64(groups[0] + groups[1] + groups[4].suffix(4), radix: 16)
    }

    /// FNV-1a of `text`: the number behind a name's UUID (accounts, assets).
    static func hash(_ text: String) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return value
    }

    private static func hex(_ value: UInt64, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
