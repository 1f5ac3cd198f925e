package lobtext

import "galloper/orders"

// Reactions is Line of Battle's reaction table: the choices the rules give
// the player whose units are acted upon, which a side makes in advance in
// its STANDING block (LoB 2.2: Opening Volleys, loss distribution,
// retreats, 6.3d, 6.3f, 6.3i, 9.4e, 9.4h, the Closing Roll End Point of
// 4.0, leaders and Repls of 9.1a-d, HQs of 9.2), each with the option
// Galloper takes when a side's block does not mention it.
var Reactions = &orders.ReactionTable{Reactions: []orders.ReactionSpec{
	{
		Kind: "VOLLEY", Forms: []string{"OPENING VOLLEY"},
		Choices:    map[string]string{"BEST": "BEST", "BEST COLUMN": "BEST", "PREFER": "PREFER"},
		NamesAfter: "PREFER", NamesForm: stackForm,
		// The eligible stack giving the best Opening Volley column (LoB 5.4).
		Default: "BEST",
		Example: "VOLLEY BEST (or VOLLEY PREFER Reilly, 1st Texas)",
	},
	{
		Kind: "RETREAT", Choices: retreatChoices, Several: true,
		Default: "AVOID EZOC, TOWARD HQ", // LoB 6.3
		Example: "RETREAT AVOID EZOC, TOWARD HQ",
	},
	{
		Kind: "LOSSES",
		Choices: map[string]string{
			"STRONGEST": "STRONGEST", "STRONGEST FIRST": "STRONGEST", "FROM THE STRONGEST": "STRONGEST",
			"SPREAD": "SPREAD", "EVENLY": "SPREAD", "SPREAD EVENLY": "SPREAD",
			"TOP": "TOP", "TOP UNIT": "TOP", "FROM THE TOP": "TOP",
		},
		Default: "STRONGEST", // losses after the first from the strongest unit (LoB 5.1b)
		Example: "LOSSES STRONGEST",
	},
	{
		Kind: "FRIENDS",
		Choices: map[string]string{
			"PASS THROUGH": "PASS THROUGH", "PASS": "PASS THROUGH", "LET PASS": "PASS THROUGH", "ALLOW": "PASS THROUGH",
			"JOIN": "JOIN", "DISPLACE": "DISPLACE", "DISPLACE LEFT": "DISPLACE LEFT", "DISPLACE RIGHT": "DISPLACE RIGHT",
		},
		Default: "PASS THROUGH", // LoB 6.3d
		Example: "FRIENDS PASS THROUGH",
	},
	{
		Kind: "WITHDRAW", Forms: []string{"OPEN ORDER WITHDRAW", "OPEN ORDER WITHDRAWAL", "OPEN ORDER"},
		Choices: retreatChoices, Several: true,
		Default: "AVOID EZOC, TOWARD HQ", // Open Order withdrawal path (LoB 9.4e)
		Example: "WITHDRAW TOWARD HQ, ROADS",
	},
	{
		Kind: "CAVALRY", Forms: []string{"MOUNTED CAVALRY"},
		Choices: map[string]string{"STAND": "STAND", "STAND FAST": "STAND", "WITHDRAW": "WITHDRAW"},
		Default: "WITHDRAW", // Mounted cavalry withdraws (LoB 9.4h)
		Example: "CAVALRY STAND",
	},
	{
		Kind: "ARTILLERY",
		Choices: map[string]string{
			"NORMAL": "NORMAL", "NO EXTENSION": "NORMAL", "DO NOT EXTEND": "NORMAL",
			"EXTEND": "EXTEND", "EXTEND TO 12": "EXTEND", "EXTEND RETREAT": "EXTEND",
		},
		// A Limbered battery's retreat is not extended to 12 hexes (LoB 6.3f).
		Default: "NORMAL",
		Example: "ARTILLERY EXTEND",
	},
	{
		Kind: "FACING",
		Choices: map[string]string{
			"ENEMY": "ENEMY", "TOWARD ENEMY": "ENEMY", "TOWARDS ENEMY": "ENEMY", "FACE ENEMY": "ENEMY",
			"RETREAT": "RETREAT", "AWAY": "RETREAT", "WAY OF RETREAT": "RETREAT",
			"KEEP": "KEEP", "UNCHANGED": "KEEP", "KEEP FACING": "KEEP",
		},
		// After a retreat or Displacement the stack faces the hex it came
		// from, towards the enemy (LoB 3.3a, 6.3a, 6.3i).
		Default: "ENEMY",
		Example: "FACING ENEMY",
	},
	{
		Kind:    "ENDPOINT",
		Choices: map[string]string{"CLEAR": "CLEAR", "CLEAR LOS": "CLEAR", "BLOCKED": "BLOCKED", "BLOCK": "BLOCKED", "BLOCKED LOS": "BLOCKED"},
		// In a Closing Roll situation the non-moving player places the End
		// Points so that the line of sight is Clear when it can be (LoB 4.0,
		// 3.5a #2).
		Default: "CLEAR",
		Example: "ENDPOINT CLEAR",
	},
	{
		Kind: "LEADERS", Forms: []string{"LEADER"},
		Choices: map[string]string{
			"NEAREST": "NEAREST", "NEAREST UNITS": "NEAREST",
			"HQ": "HQ", "TOWARD HQ": "HQ", "TOWARDS HQ": "HQ", "NEAREST HQ": "HQ",
			"STRONGEST": "STRONGEST", "STRONGEST STACK": "STRONGEST",
		},
		// A leader who escapes capture (LoB 9.1a) or whose units are destroyed
		// under him (9.1d) goes to the nearest hex with units of his own.
		Default: "NEAREST",
		Example: "LEADERS HQ",
	},
	{
		Kind: "REPL",
		Choices: map[string]string{
			"FIRST": "FIRST", "FIRST UNIT": "FIRST",
			"NEAREST": "NEAREST", "STRONGEST": "STRONGEST", "STRONGEST STACK": "STRONGEST",
		},
		// A brigade's Repl goes to the hex of the brigade's first unit, in
		// order of battle, that is elsewhere (LoB 9.1b).
		Default: "FIRST",
		Example: "REPL NEAREST",
	},
	{
		Kind: "HQ",
		Choices: map[string]string{
			"FIRST": "FIRST", "FIRST HEX": "FIRST",
			"STRONGEST": "STRONGEST", "STRONGEST STACK": "STRONGEST",
			"SAFEST": "SAFEST", "FARTHEST FROM ENEMY": "SAFEST",
		},
		// Of several hexes equally nearest a displaced HQ, the first by hex id
		// (LoB 9.2).
		Default: "FIRST",
		Example: "HQ STRONGEST",
	},
}}

// retreatChoices are the options of RETREAT and WITHDRAW.
var retreatChoices = map[string]string{
	"AVOID EZOC": "AVOID EZOC", "AVOID EZOCS": "AVOID EZOC",
	"TOWARD HQ": "TOWARD HQ", "TOWARDS HQ": "TOWARD HQ", "TOWARD OWN HQ": "TOWARD HQ", "HQ": "TOWARD HQ",
	"ROADS": "ROADS", "PREFER ROADS": "ROADS", "ROAD": "ROADS",
	"COVER": "COVER", "PREFER COVER": "COVER",
	"STRAIGHT": "STRAIGHT", "STRAIGHTEST": "STRAIGHT",
}

// ReactionKinds are the keywords of a STANDING block, in canonical order.
var ReactionKinds = Reactions.Kinds()

// ReactionDefault is what Galloper does for a reaction kind when a side's
// STANDING block does not mention it.
var ReactionDefault = func() map[string]string {
	m := map[string]string{}
	for _, r := range Reactions.Reactions {
		m[r.Kind] = r.Default
	}
	return m
}()
