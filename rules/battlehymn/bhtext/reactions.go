package bhtext

import "galloper/orders"

// Reactions is Battle Hymn's table of standing reactions: the choices the
// Standard Rules give a player in the middle of a Combat Turn, made in
// advance in his STANDING block so that an Hour is resolved without a
// round trip per choice (rules notes §2.2). Where the rules let a choice
// be made "At Random" (BH 3.1) that is the default; the others default as
// docs/rulings-battlehymn.md says.
var Reactions = &orders.ReactionTable{Reactions: []orders.ReactionSpec{
	{
		Kind: "CAVALRY", Forms: []string{"CAVALRY RBC", "CAVALRY RETREAT"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER", "STAND": "NEVER"},
		// BH 6.1.1, 10.4.5: a defending cavalry unit may try to retreat
		// before combat. Horse artillery must (BH 11.2, ruling A1).
		Default: "ALWAYS",
		Example: "CAVALRY RBC NEVER",
	},
	{
		Kind:    "BOMBARDMENT",
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER", "LISTED": "LISTED"},
		// BH 6.1.2, 9: eligible artillery without a BOMBARD order fires at
		// the nearest target (ALWAYS), only as BOMBARD orders say (LISTED),
		// or not at all (NEVER).
		Default: "ALWAYS",
		Example: "BOMBARDMENT LISTED",
	},
	{
		Kind:       "ENGAGEMENTS",
		Choices:    map[string]string{"RANDOM": "RANDOM", "AT RANDOM": "RANDOM", "PREFER": "PREFER"},
		NamesAfter: "PREFER", NamesForm: "PREFER Iron Brigade, Baxter",
		// BH 6.1.6, 6.1.9: the Attacker's order, or At Random.
		Default: "RANDOM",
		Example: "ENGAGEMENTS PREFER Iron Brigade",
	},
	{
		Kind: "OPTIONAL", Forms: []string{"OPTIONAL ATTACKS"},
		Choices: map[string]string{"NEVER": "NEVER", "NO": "NEVER", "ALWAYS": "ALWAYS", "YES": "ALWAYS"},
		// BH 6.1.5, 6.4: an attacker adjacent to an enemy but not in its
		// ZOC may join the Engagement; if it does not, neither side fires.
		Default: "NEVER",
		Example: "OPTIONAL ATTACKS ALWAYS",
	},
	{
		Kind: "ODD", Forms: []string{"ODD SPS", "ODD SP"},
		Choices:    map[string]string{"RANDOM": "RANDOM", "AT RANDOM": "RANDOM", "PREFER": "PREFER"},
		NamesAfter: "PREFER", NamesForm: "PREFER Weed, Iron Brigade",
		// BH 6.1.7, 6.3.1: odd SPs as the owner says, or At Random.
		Default: "RANDOM",
		Example: "ODD SPS PREFER Weed",
	},
	{
		Kind: "CHECKS", Forms: []string{"MORALE CHECKS", "MORALE ORDER"},
		Choices:    map[string]string{"RANDOM": "RANDOM", "AT RANDOM": "RANDOM", "PREFER": "PREFER"},
		NamesAfter: "PREFER", NamesForm: "PREFER Weed, Baxter",
		// BH 6.2.4: the owner orders his Morale Checks, or At Random.
		Default: "RANDOM",
		Example: "MORALE CHECKS PREFER Weed",
	},
	{
		Kind: "ADVANCES", Forms: []string{"ADVANCE AFTER COMBAT"},
		Choices:    map[string]string{"NEVER": "NEVER", "NO": "NEVER", "ALWAYS": "ALWAYS", "YES": "ALWAYS", "PREFER": "PREFER"},
		NamesAfter: "PREFER", NamesForm: "PREFER Stonewall, Ramseur",
		// BH 8, 8.1: advance is always optional; among several eligible
		// units, At Random. PREFER names the units that may advance, most
		// preferred first.
		Default: "NEVER",
		Example: "ADVANCE AFTER COMBAT ALWAYS",
	},
	{
		Kind: "RETREAT", Forms: []string{"RETREAT PATHS"},
		Choices:    map[string]string{"RANDOM": "RANDOM", "AT RANDOM": "RANDOM", "TOWARD": "TOWARD"},
		NamesAfter: "TOWARD", NamesForm: "TOWARD 0101, 0201",
		// BH 7.2, 7.3: ties among retreat hexes are the owner's, or At
		// Random; TOWARD names hexes, the nearest first.
		Default: "RANDOM",
		Example: "RETREAT TOWARD 0101",
	},
	{
		Kind: "UNENGAGED", Forms: []string{"UNENGAGED ATTACKERS"},
		Choices: map[string]string{"STAY": "STAY", "RETREAT": "RETREAT"},
		// BH 6.1.8: after Round Two, attackers adjacent to the defender
		// but outside its ZOC may retreat.
		Default: "STAY",
		Example: "UNENGAGED ATTACKERS RETREAT",
	},
}}
