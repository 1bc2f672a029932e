/// A call that creates an order under our own `client_order_id`: a placement, or a replace
/// (whose new order gets the id). `AlpacaClient.place(_:)` settles a lost answer by that id.
public protocol AlpacaPlacement: AlpacaCommand where Result == AlpacaOrder {
    /// Our id of the order the call creates, unique per account.
    var clientOrderID: String { get }
}
