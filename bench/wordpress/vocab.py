"""vocab.py - word lists for the WordPress fixture generator (bench/wordpress/gen.py).

Sixteen topics, each with its own nouns, adjectives and verbs, plus shared places and people
with accented names. No entry may contain one of the search words (nightjar, realistic,
performance, quasarless); gen.py asserts that.
"""

# name, emoji, nouns, adjectives, verb phrases (past tense), subcategory (or None)
TOPICS = [
    ("Gardening", "\U0001F331",
     ["raised bed", "compost heap", "tomato vine", "seed tray", "rain barrel", "hedge", "allotment",
      "mulch", "greenhouse", "herb spiral", "pear tree", "courgette", "soil test", "trellis", "bulb"],
     ["sun-warmed", "muddy", "overgrown", "tidy", "fragrant", "frost-hardy", "thirsty", "sheltered"],
     ["pruned", "sowed", "watered", "transplanted", "harvested", "weeded"],
     "Balcony gardens"),
    ("Cycling", "\U0001F6B2",
     ["gravel bike", "chainring", "headwind", "bike lane", "saddle bag", "climb", "cassette",
      "tubeless tyre", "peloton", "ferry crossing", "cycle path", "derailleur", "rain cape",
      "frame bag", "cadence"],
     ["lightweight", "steep", "windswept", "steel", "rattling", "smooth", "gravelly", "long"],
     ["rode", "climbed", "patched", "descended", "packed", "serviced"],
     "Gravel & bikepacking"),
    ("Coffee", "\u2615",
     ["espresso", "pour-over", "grinder", "roast", "crema", "filter paper", "bean", "milk jug",
      "tasting note", "portafilter", "café", "cold brew", "kettle", "burr set", "cupping"],
     ["bitter", "fruity", "dark", "bright", "nutty", "velvety", "freshly ground", "syrupy"],
     ["brewed", "tasted", "dialled in", "roasted", "steamed", "weighed"],
     "Espresso"),
    ("Astronomy", "\U0001F52D",
     ["telescope", "nebula", "eyepiece", "star chart", "meteor shower", "galaxy", "quasar",
      "moon crater", "dark site", "tripod", "comet", "light pollution", "planisphere",
      "conjunction", "red dot finder"],
     ["faint", "clear", "distant", "frosty", "moonless", "glittering", "hazy", "southern"],
     ["observed", "sketched", "photographed", "aligned", "tracked", "counted"],
     "Deep-sky"),
    ("Photography", "\U0001F4F7",
     ["lens", "shutter", "darkroom", "contact sheet", "tripod head", "film roll", "light meter",
      "portrait", "golden hour", "negative", "aperture ring", "viewfinder", "print", "flash",
      "histogram"],
     ["grainy", "sharp", "overexposed", "moody", "wide", "monochrome", "soft", "vintage"],
     ["framed", "developed", "scanned", "exposed", "printed", "focused"],
     "Film photography"),
    ("Birdwatching", "\U0001F426",
     ["heron", "binoculars", "hide", "field guide", "curlew", "woodpecker", "marsh", "skylark",
      "kingfisher", "owl box", "ringing station", "dawn chorus", "tern colony", "wader",
      "notebook"],
     ["shy", "migrating", "noisy", "speckled", "reed-fringed", "elusive", "early", "misty"],
     ["spotted", "heard", "logged", "counted", "followed", "ringed"],
     "Owls & night birds"),
    ("Hiking", "\U0001F97E",
     ["ridge", "trail", "hut", "map", "boot", "summit", "scree slope", "backpack", "water bottle",
      "waymark", "valley", "switchback", "rain shell", "forest path", "compass"],
     ["rocky", "narrow", "exposed", "muddy", "gentle", "alpine", "remote", "quiet"],
     ["hiked", "crossed", "navigated", "climbed", "rested", "mapped"],
     None),
    ("Woodworking", "\U0001FAB5",
     ["dovetail", "workbench", "chisel", "hand plane", "oak board", "mortise", "glue-up", "finish",
      "shaving", "joinery", "spokeshave", "cabinet", "lathe", "marking gauge", "walnut slab"],
     ["square", "rough-sawn", "oiled", "splintery", "seasoned", "hand-cut", "flush", "curly"],
     ["planed", "glued", "sharpened", "sanded", "jointed", "assembled"],
     None),
    ("Web development", "\U0001F4BB",
     ["database index", "query plan", "cache layer", "build script", "stylesheet", "API endpoint",
      "deploy", "unit test", "container", "log file", "regex", "code review", "migration",
      "load balancer", "feature flag"],
     ["slow", "flaky", "modular", "cached", "verbose", "lean", "typed", "legacy"],
     ["refactored", "profiled", "deployed", "reviewed", "rolled back", "measured"],
     None),
    ("Music", "\U0001F3B5",
     ["rehearsal", "choir", "fiddle", "setlist", "sheet music", "recording", "amplifier", "chord",
      "metronome", "cello", "accordion", "jam session", "harmony", "tuning fork", "encore"],
     ["loud", "melancholy", "off-beat", "acoustic", "rousing", "delicate", "brassy", "slow"],
     ["rehearsed", "recorded", "tuned", "arranged", "improvised", "sang"],
     None),
    ("Travel", "\u2708\ufe0f",
     ["night train", "hostel", "harbour", "border crossing", "market", "timetable", "ferry",
      "old town", "guesthouse", "phrasebook", "platform", "street food", "tram line", "layover",
      "postcard"],
     ["crowded", "sleepy", "cheap", "sunny", "unexpected", "historic", "windy", "colourful"],
     ["booked", "missed", "wandered", "visited", "queued", "discovered"],
     None),
    ("Board games", "\U0001F3B2",
     ["dice tower", "rulebook", "game night", "expansion", "meeple", "deck", "strategy",
      "scoreboard", "co-op campaign", "card draft", "tile", "first player", "sleeve", "token",
      "house rule"],
     ["tense", "chaotic", "clever", "forgiving", "cut-throat", "quick", "cosy", "thematic"],
     ["played", "shuffled", "taught", "house-ruled", "won", "unboxed"],
     None),
    ("Urban history", "\U0001F3DB\ufe0f",
     ["tram depot", "guild hall", "archive", "city wall", "warehouse", "street plan", "canal",
      "market square", "brewery", "bridge", "tenement", "town charter", "lighthouse", "granary",
      "ration card"],
     ["medieval", "forgotten", "crumbling", "restored", "industrial", "narrow", "walled", "grand"],
     ["rebuilt", "demolished", "mapped", "catalogued", "restored", "renamed"],
     None),
    ("Sailing", "\u26F5",
     ["dinghy", "mainsail", "mooring", "tide table", "jib", "harbour wall", "logbook", "anchor",
      "sandbank", "buoy", "keel", "reef knot", "chart plotter", "spinnaker", "sea breeze"],
     ["choppy", "calm", "salty", "tidal", "gusty", "sheltered", "becalmed", "brisk"],
     ["reefed", "tacked", "anchored", "moored", "gybed", "navigated"],
     None),
    ("Energy", "\u26A1",
     ["heat pump", "solar panel", "battery", "meter reading", "insulation", "tariff", "inverter",
      "wind turbine", "draught", "radiator", "grid", "boiler", "loft hatch", "cable run",
      "energy audit"],
     ["efficient", "draughty", "off-grid", "smart", "noisy", "frugal", "retrofitted", "cold"],
     ["installed", "insulated", "metered", "switched", "wired", "upgraded"],
     "Öko-Strom"),
    ("Baking", "\U0001F950",
     ["sourdough starter", "croissant", "proving basket", "oven spring", "crumb", "rye loaf",
      "pastry", "bench scraper", "brioche", "levain", "kneading", "baking stone", "glaze",
      "laminated dough", "pâte sucrée"],
     ["crusty", "buttery", "sticky", "airy", "golden", "dense", "tangy", "flaky"],
     ["baked", "proved", "kneaded", "shaped", "scored", "laminated"],
     "Pâtisserie"),
]

PLACES = ["Zürich", "Kraków", "São Paulo", "Reykjavík", "Malmö", "Ærø", "Île de Ré", "Łódź",
          "Göteborg", "Sevilla", "Porto", "Hamburg", "Kyoto", "Oaxaca", "Tromsø", "Ljubljana",
          "Bergen", "Cádiz", "Český Krumlov", "Nîmes", "Dún Laoghaire", "Århus", "Gdańsk",
          "Bolzano", "Leeds", "Lyon", "Riga", "Toruń", "Kiel", "Brno"]

PEOPLE = ["Ana", "Jörg", "Siobhán", "Zoë", "Mårten", "Chloé", "Rafał", "Ingrid", "Mehmet",
          "Aoife", "Søren", "Renée", "Björn", "Inés", "Łukasz", "Thandiwe", "Noémie", "Kenji",
          "Dagný", "Ümit", "Paulo", "Hélène", "Tomás", "Wiebke"]

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]

# Sentence templates. Slots: {n} {n2} noun, {a} adjective, {v} verb, {p} place, {who} person,
# {k} small number, {e} emoji.
SENTENCES = [
    "We {v} the {a} {n} before breakfast and it took longer than planned.",
    "{who} says the {n} in {p} is the best she has seen in years.",
    "The {n} was {a}, so we {v} it twice and wrote everything down.",
    "After {k} weekends with the {n}, the {n2} finally made sense to us.",
    "Nobody in {p} expected the {n} to be this {a}.",
    "It's easy to forget how much the {n2} depends on a good {n}.",
    "Our notes from {p} mention a {a} {n} and a borrowed {n2}.",
    "{who} {v} the {n} with a patience I don't have.",
    "If the {n} looks {a}, wait a day and look again.",
    "There were {k} of us, one {n} and far too many opinions about the {n2}.",
    "The guide in {p} laughed when we asked about the {n}.",
    "A {a} {n} is not a problem; a {a} {n2} usually is.",
    "We {v} the {n2} at dawn {e} and the light was perfect.",
    "Cost of the {n}: about {k}0 euros, give or take a coffee.",
    "\u201cDon't rush the {n},\u201d {who} told us, \u201cit'll tell you when it's ready.\u201d",
    "The second {n} was more {a} than the first, which surprised everyone.",
    "I keep a list of every {n} we {v}; it now runs to {k} pages.",
    "On the way back from {p} the {n2} broke, of course.",
    "What matters most is the {n}, not the price of the {n2}.",
    "We learned the hard way that a {a} {n} needs a {a2} {n2}.",
    "The old {n} in {p} still works, and {who} swears by it.",
    "Next month we will try the {n} again with a {a} {n2}.",
    "Half of the fun is the {n}; the other half is talking about it afterwards.",
    "By noon the {n} was {a} and we had {v} the {n2} as well {e}.",
    "{who}'s rule of thumb: one {n}, two {n2}s, and never on a Sunday.",
    "If you only read one thing about the {n}, read the notes from {p}.",
    "The {n2} was {a2}; the {n} was, frankly, {a}.",
    "We {v} a {a} {n} for {who}, who is still sceptical.",
]

HEADINGS = [
    "What we {v}", "The {n} question", "Notes from {p}", "A {a} start", "{k} things about the {n}",
    "Before the {n2}", "Why the {n} matters", "Back in {p}", "The {a} part",
]

TITLES = [
    "{A} {n} in {p}", "Why the {n} matters more than the {n2}", "{k} lessons from a {a} {n}",
    "A week of {n}s in {p} {e}", "How {who} {v} the {n}", "The {a} {n}: notes from {p}",
    "{A} days with a {n}", "What the {n} taught us about the {n2}", "In search of the {a} {n}",
    "{who}'s guide to the {n}", "Field notes: {n} and {n2}", "Our {a} {n} experiment",
    "Questions about the {n} from {p}", "The {n} we almost skipped", "Return to {p}: the {n}",
    "{k} mistakes with the {n2}",
]

EXCERPTS = [
    "A short report on the {n} in {p}.", "Why we {v} the {n2} and what came of it.",
    "{who} on the {a} {n}.", "Notes, photos and a few regrets about the {n}.",
    "Everything we learned about the {n} in {k} weeks.",
]

# Tag names, chosen so that their order under utf8mb4_unicode_520_ci differs from a byte-wise
# order (upper/lower case, accents, emoji, digits, apostrophes); "Straße"/"Strasse" and
# "Résumé"/"Resume" are equal under the collation.
TAGS = [
    "apple", "Ærø", "Berlin", "css", "Éclairage", "émigré stories", "zebra crossing", "Zürich",
    "\U0001F680 launch", "35mm", "DIY", "mysql", "Sourdough", "sunrise", "Straße", "Strasse",
    "Résumé", "Resume", "Øresund", "Ångström", "über-light", "Ölmühle", "night walks", "owls",
    "Editor's pick", "HDR", "long read", "Long exposure", "lens test", "map", "Map reading",
    "weekend", "Wochenende", "ÉTÉ 2026", "été", "café", "Café society", "ñandú", "Ñuñoa",
    "2026", "10k", "1 000 km", "☕ espresso", "\U0001F308 colour", "\U0001F3B5 live", "bike fit",
    "Bikepacking", "carbon", "Čapek", "čaj", "dusk", "Dawn", "estuary", "Estonia", "fermentation",
    "Fika", "gravel", "Göteborg", "harbour", "Harbor", "insulation", "Izmir", "jazz", "Jönköping",
    "kayak", "Kraków", "lighthouse", "Łódź", "marsh", "Mürren", "north sea", "Nordsee", "oak",
    "Oaxaca", "pastry", "Pâtisserie fine", "quiet places", "Quinta", "rain", "Reykjavík", "rye",
    "sailing", "Séance", "solar", "Søndervig", "tide", "Tórshavn", "town walls", "Umlaut",
    "úlfur", "vinyl", "Vélo", "walnut", "Wärmepumpe", "xylophone", "Xàtiva", "yeast", "Ýmir",
    "zine", "Žižkov", "archive", "Årsta", "bread", "Brötchen", "canal", "Cañón", "deep sky",
    "Dźwięk", "espresso tamper", "Étretat", "film", "Føroyar", "guild", "Gîte", "heron", "Hüttenzauber",
    "ink", "Îles", "jigsaw", "Jötunheimen", "kiln", "Kötlujökull", "loom", "Lübeck", "meadow",
    "Méribel", "nebula", "Nøgne", "orchard", "Ørsted", "pier", "Pécs", "quay", "Québec",
    "reef", "Rønne", "shed", "Šibenik", "terrace", "Ostsee",
]

NEAR_MISSES = [
    "A night jar of pickles sat on the shelf.", "The night-jar label had faded.",
    "She is a realist about the {n}.", "Realism, not optimism, guided the {n2}.",
    "They performed the {n} routine again.", "The quasar-less patch of sky was darker.",
    "Quasars are far brighter than any {n}.", "The perform-ance hyphen was a typo in the programme.",
]

SEARCH_WORDS = ["nightjar", "realistic", "performance", "quasarless"]

# Planted sentences for the search words. {w} is the word with the case/accent form to use.
PLANT_CONTENT = {
    "nightjar": ["At dusk a {w} churred from the heath near {p}.",
                 "We heard the {w} long before we saw it, a dry mechanical purr.",
                 "{W} on the track at midnight: motionless, perfectly camouflaged."],
    "realistic": ["A {w} plan for the {n} fits on a single page.",
                  "{W} expectations made the {n2} far less stressful.",
                  "Is it {w} to finish the {n} in {k} days? Probably not."],
    "performance": ["The {w} of the {n} surprised us in {p}.",
                    "{W} notes: the {n2} held up better than the {n}.",
                    "We measured the {w} twice \u2014 the {n} won both times \U0001F680.",
                    "See our <a href=\"https://kuestenblick.example/{w}-notes/\">{w} notes</a> for the numbers."],
}
PLANT_TITLE = {
    "nightjar": ["Listening for the {W} near {p}", "The {w} of {p}", "{W} nights {e}"],
    "realistic": ["A {w} guide to the {n}", "{W} goals for the {n2}", "How {w} is the {n}?"],
    "performance": ["{W} and the {n}", "The {n}: a {w} review", "{W} notes from {p}"],
}
PLANT_EXCERPT = {
    "nightjar": ["A {w} and a long night in {p}.", "In which a {w} steals the show."],
    "realistic": ["A {w} look at the {n}.", "{W} advice for the {n2}."],
    "performance": ["On the {w} of the {n}.", "{W}, cost and the {n2}."],
}

FIRST_NAMES = ["Anna", "Bastian", "Chiara", "Dörte", "Émile", "Fatma", "Gunnar", "Hana", "Ivo",
               "Jolanda", "Kalle", "Lía", "Mads", "Nneka", "Otto", "Petra", "Quentin", "Rosalía",
               "Sven", "Tuğba", "Ulla", "Vítor", "Wanda", "Xenia", "Yusuf", "Zuzana"]
LAST_NAMES = ["Ahlgren", "Brück", "Castaño", "Dąbrowski", "Eriksen", "Fähnrich", "García",
              "Hoffmann", "Ïbsen", "Jensen", "Kowalczyk", "López", "Müller", "Nørgaard", "O'Neill",
              "Peña", "Quist", "Rønning", "Schäfer", "Tőkés", "Ueda", "Varga", "Weiß", "Yılmaz", "Zając"]

COMMENT_LINES = [
    "Thanks for this! We tried the {n} last weekend and it worked.",
    "Great post \U0001F44D \u2014 the bit about {p} made me laugh.",
    "I'm not sure I agree about the {n2}, but it's a fair point.",
    "Could you share where you found the {n}? Asking for a friend \U0001F60A",
    "We did the same in {p} in 2019, it's still one of my favourite trips.",
    "Typo in the third paragraph: \u201c{n2}\u201d should be plural?",
    "Très bien écrit, merci ! \U0001F1EB\U0001F1F7",
    "Danke f\u00fcr den Tipp mit dem {n} \u2014 hat super geklappt.",
    "Is the {a} {n} really worth it? Mine broke after {k} weeks.",
    "Bookmarked. \u2764\ufe0f",
    "Path on my machine was C:\\Users\\{who}\\Documents, if that helps anyone.",
    "\u00bfAlguien sabe si el {n} funciona en invierno?",
    "The link to the {n2} page is broken :(",
    "+1 for {who}'s rule of thumb!",
]
