/// Hands the elements of one array of the root dictionary to a consumer one at a time, instead of
/// building the array: the readers call ``receive(_:_:)`` for each element as soon as it is read and
/// put an empty array under ``key`` in the root.
///
/// A worlds answer is almost entirely its `allAvailableWorlds` array; streaming it lets the decoder turn
/// each world dictionary into a `World` and drop it, so the whole tree never exists at once.
final class PropertyListElementStream {
    /// The key of the root dictionary whose array value is streamed.
    let key: String
    private let consume: (Int, PropertyListValue) -> Void
    /// Whether the root dictionary held an array under ``key`` (and so it was streamed).
    private(set) var didStream = false

    /// A stream of the array under `key`; `consume` gets each element with its index, in order.
    init(key: String, consume: @escaping (Int, PropertyListValue) -> Void) {
        self.key = key
        self.consume = consume
    }

    /// Marks that the array under ``key`` is being streamed.
    func begin() { didStream = true }

    /// Passes element `index` on.
    func receive(_ index: Int, _ element: PropertyListValue) { consume(index, element) }
}
