package wvtext

import "galloper/orders"

// Reactions is the Winter's Victory reaction table: the choices the rules
// give a side while its opponent's segment is resolved, made in advance
// in its STANDING block (rules notes §2, the non-phasing player's
// choices; docs/rulings-wintersvictory.md R40-R41).
var Reactions = &orders.ReactionTable{Reactions: []orders.ReactionSpec{
	{
		Kind: "RETREAT", Forms: []string{"RETREAT PATH"},
		Choices: map[string]string{"AWAY": "AWAY", "AUTO": "AWAY", "ASK": "ASK"},
		// 13.32: the owner chooses each retreat path. AWAY takes the hex
		// farthest from the enemy each step without asking; ASK (and a
		// side that sets nothing) is asked with a decision request.
		Default: "ASK",
		Example: "RETREAT AWAY",
	},
	{
		Kind: "REACTION", Forms: []string{"REACTION FACING", "CAVALRY REACTION"},
		Choices: map[string]string{"TOWARD": "TOWARD", "ALWAYS": "TOWARD", "YES": "TOWARD", "NEVER": "NEVER", "NO": "NEVER", "ASK": "ASK"},
		// 7.42: when an enemy unit moves to within 3 hexes of a
		// cavalry unit, it may turn one vertex. TOWARD turns it toward
		// the mover, NEVER keeps its facing; ASK (and a side that sets
		// nothing) is asked with a decision request.
		Default: "ASK",
		Example: "REACTION TOWARD",
	},
	{
		Kind: "OPPORTUNITY", Forms: []string{"OPPORTUNITY FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "FIRE": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		// 11.3: a unit may fire at an enemy unit that leaves a hex of
		// its Minimum Range Fire Zone, or changes formation or facing
		// there. ALWAYS fires (each unit once a phase); NEVER holds.
		Default: "ALWAYS",
		Example: "OPPORTUNITY FIRE NEVER",
	},
	{
		Kind: "DEFENSIVE", Forms: []string{"DEFENSIVE FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "FIRE": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		// 11.32: before a shock is resolved, the units whose Minimum
		// Range Fire Zone holds an attacker may fire at it.
		Default: "ALWAYS",
		Example: "DEFENSIVE FIRE NEVER",
	},
	{
		Kind: "ABANDON", Forms: []string{"ABANDON GUNS"},
		Choices: map[string]string{"NEVER": "NEVER", "NO": "NEVER", "ALWAYS": "ALWAYS", "YES": "ALWAYS"},
		// 7.65: a crew may abandon its guns when infantry shocks them.
		Default: "NEVER",
		Example: "ABANDON NEVER",
	},
	{
		Kind: "DISPLACE", Forms: []string{"SKIRMISH DISPLACE", "DISPLACEMENT"},
		Choices: map[string]string{"FIRE": "FIRE", "AWAY": "AWAY", "ASK": "ASK"},
		// 8.66: skirmish companies displace one or two hexes before an
		// enemy formed unit of three times their strength moving into
		// their hex. FIRE fires at it first (-1), then displaces to the
		// hex farthest from it, and away again when its move ends; AWAY
		// does the same without the fire; ASK (and a side that sets
		// nothing) is asked with a decision request.
		Default: "ASK",
		Example: "DISPLACE FIRE",
	},
	{
		Kind: "EXTENDED", Forms: []string{"EXTENDED LINE", "EXTENDED DEFENCE", "EXTENDED DEFENSE"},
		Choices: map[string]string{"HALF": "HALF", "STAY": "HALF", "GENERAL": "GENERAL", "GO": "GENERAL", "ASK": "ASK"},
		// 8.35.1: a formed Extended Line shock attacked through its
		// front defends at half strength, or may adopt General Order,
		// before the defensive fire, and defend whole in the hex
		// attacked. HALF keeps the line, GENERAL adopts General Order;
		// ASK (and a side that sets nothing) is asked with a decision
		// request.
		Default: "ASK",
		Example: "EXTENDED LINE GENERAL",
	},
	{
		Kind: "CHARGE", Forms: []string{"OPPORTUNITY CHARGE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		// 12.56.1: when an enemy unit enters a hex within 3 hexes in
		// front of a formed cavalry unit in its Movement Phase, the
		// cavalry may initiate an Opportunity Charge. ALWAYS tries it
		// (one a phase); NEVER holds.
		Default: "NEVER",
		Example: "OPPORTUNITY CHARGE ALWAYS",
	},
}}
