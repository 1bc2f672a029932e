/// The tracker's open orders kept in client id order, which is the order they were submitted
/// (or adopted) in since client ids only grow: listing them needs no sorting, and finding one
/// is a binary search that hashes nothing.
struct TrackedOrders: Sendable {
    /// Every open order, by increasing client id.
    private(set) var values: [TrackedOrder] = []

    /// The open order `client`; setting nil drops it, setting an order adds or replaces it.
    subscript(client: ClientOrderID) -> TrackedOrder? {
        get {
            let index = position(of: client)
            return index < values.count && values[index].clientID == client ? values[index] : nil
        }
        set {
            precondition(newValue.map { $0.clientID == client } ?? true, "order \(client) is stored under its own id")
            let index = position(of: client)
            let found = index < values.count && values[index].clientID == client
            switch (newValue, found) {
            case (let order?, true): values[index] = order
            case (let order?, false): values.insert(order, at: index)
            case (nil, true): values.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// The index of the order `client`, or where it belongs if absent.
    private func position(of client: ClientOrderID) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].clientID < client {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
