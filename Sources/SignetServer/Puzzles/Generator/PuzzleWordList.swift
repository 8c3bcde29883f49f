import Signet
import SignetPuzzles

/// The built-in English word list the reference generator hides: a few hundred common,
/// family-friendly words of 2 to 12 lowercase letters, each once.
public enum PuzzleWordList {
    /// Every word, grouped by length.
    public static let words: [String] = [
        // 2 letters
        "an", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it", "me", "my", "no", "of", "on", "or",
        "so", "to", "up", "us", "we",
        // 3 letters
        "act", "age", "air", "all", "and", "ant", "arm", "art", "ask", "bag", "bat", "bed", "bee", "big", "bus",
        "box", "boy", "cab", "can", "cap", "car", "cat", "cow", "cup", "cut", "day", "dig", "dog", "dot", "dry",
        "ear", "eat", "egg", "end", "eye", "fan", "far", "fig", "fix", "fly", "fox", "fun", "gap", "gas", "hat",
        "hen", "hot", "ice", "ink", "jam", "jar", "jet", "joy", "key", "kid", "leg", "lid", "map", "mix", "mud",
        "net", "nut", "oak", "oil", "owl", "pan", "pen", "pet", "pie", "pig", "pot", "ram", "rat", "red", "rug",
        "run", "sea", "sky", "sun", "tea", "ten", "toe", "top", "toy", "van", "web", "wet", "win", "yes", "zoo",
        // 4 letters
        "able", "arch", "baby", "ball", "band", "bank", "barn", "bear", "bell", "bird", "boat", "book", "cake",
        "calm", "card", "city", "coat", "cold", "corn", "dark", "deer", "desk", "door", "drum", "duck", "dust",
        "east", "echo", "farm", "fish", "flag", "food", "foot", "fork", "frog", "game", "gift", "goat", "gold",
        "hand", "hill", "home", "idea", "iron", "jump", "kite", "lake", "lamp", "leaf", "lion", "milk", "moon",
        "nest", "note", "park", "pear", "play", "rain", "ring", "road", "rock", "roof", "rose", "salt", "sand",
        "seed", "ship", "shoe", "snow", "song", "star", "tree", "wind", "wolf", "wood", "yard",
        // 5 letters
        "apple", "beach", "bread", "brick", "brush", "chair", "chalk", "cloud", "clock", "dance", "dream",
        "eagle", "earth", "field", "flame", "flute", "fruit", "ghost", "glass", "grape", "grass", "heart",
        "horse", "house", "juice", "knife", "lemon", "light", "magic", "mango", "maple", "money", "mouse",
        "music", "night", "ocean", "onion", "paint", "paper", "peach", "piano", "plant", "plate", "queen",
        "river", "robot", "salad", "sheep", "shirt", "smile", "snake", "spoon", "stone", "storm", "sugar",
        "table", "tiger", "toast", "tower", "train", "truck", "water", "whale", "wheel", "world",
        // 6 letters
        "anchor", "harbor", "animal", "basket", "bridge", "butter", "camera", "candle", "carpet", "castle",
        "cheese", "cherry", "circle", "cookie", "desert", "dinner", "doctor", "dragon", "flower", "forest",
        "garden", "guitar", "hammer", "island", "jacket", "jungle", "kitten", "ladder", "letter", "market",
        "meadow", "monkey", "orange", "pencil", "pepper", "pillow", "planet", "pocket", "rabbit", "rocket",
        "school", "silver", "spider", "spring", "summer", "sunset", "turtle", "valley", "violin", "window",
        "winter",
        // 7 letters
        "balloon", "blanket", "cabinet", "captain", "chicken", "compass", "concert", "cottage", "crystal",
        "diamond", "dolphin", "feather", "giraffe", "kitchen", "lantern", "library", "mailbox", "morning",
        "mustard", "network", "octopus", "orchard", "package", "painter", "panther", "peacock", "penguin",
        "picture", "pumpkin", "rainbow", "sandals", "station", "teacher", "thunder", "tornado", "traffic",
        "trumpet", "unicorn", "volcano", "weather", "whistle",
        // 8 letters
        "airplane", "alphabet", "asteroid", "backpack", "birthday", "blizzard", "building", "calendar",
        "campfire", "cardinal", "ceremony", "champion", "chipmunk", "daughter", "dinosaur", "elephant",
        "envelope", "festival", "firework", "football", "fountain", "hospital", "kangaroo", "keyboard",
        "language", "mountain", "notebook", "painting", "umbrella", "sandwich", "scissors", "sunshine",
        "treasure", "triangle", "vacation",
        // 9 letters
        "adventure", "astronaut", "breakfast", "butterfly", "chocolate", "classroom", "crocodile", "detective",
        "dragonfly", "education", "equipment", "fireplace", "furniture", "grassland", "hamburger", "happiness",
        "important", "invention", "landscape", "lightning", "newspaper", "orchestra", "pineapple", "porcupine",
        "president", "raspberry", "satellite", "scientist", "snowflake", "spaceship", "telescope", "tradition",
        "waterfall", "wonderful",
        // 10 letters
        "basketball", "blackboard", "confidence", "lighthouse", "playground", "strawberry", "television",
        "motorcycle", "microscope", "watermelon", "friendship", "generation", "helicopter", "instrument",
        "government", "restaurant", "population", "dictionary", "photograph", "skateboard",
        // 11 letters
        "application", "celebration", "temperature", "grasshopper", "information", "imagination", "electricity",
        "environment", "development", "personality", "opportunity", "calculation", "explanation", "caterpillar",
        "hummingbird", "marshmallow", "competition", "engineering",
        // 12 letters
        "championship", "construction", "conversation", "independence", "intelligence", "neighborhood",
        "presentation", "relationship", "thunderstorm", "kindergarten", "refrigerator", "grandparents",
        "photographer", "breakthrough", "architecture",
    ]
}
