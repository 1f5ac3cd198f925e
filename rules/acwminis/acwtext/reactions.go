package acwtext

import "galloper/orders"

// Reactions is the ACW reaction table: the choices the sheet gives the
// player whose units are acted upon in his opponent's half of the turn,
// made in advance in his STANDING block, each with the option Galloper
// takes when the block does not mention it (rules notes, reaction
// inventory; docs/rulings-acwminis.md).
var Reactions = &orders.ReactionTable{Reactions: []orders.ReactionSpec{
	{
		Kind: "FIRE", Forms: []string{"DEFENSIVE FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "FIRE": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER", "HOLD FIRE": "NEVER"},
		// DEFENSIVE FIRE (seed L331-333) names no cost for firing.
		Default: "ALWAYS",
		Example: "DEFENSIVE FIRE ALWAYS",
	},
	{
		Kind: "CAVALRY", Forms: []string{"CHARGED CAVALRY"},
		Choices:    map[string]string{"STAND": "STAND", "RECEIVE": "STAND", "RETIRE": "RETIRE", "RETIRE IF": "RETIRE IF"},
		NamesAfter: "RETIRE IF", NamesForm: "RETIRE IF 1st Maine Cavalry, 6th Pennsylvania Cavalry",
		// CHARGING CAVALRY (seed L339-341): cavalry may retire. A side
		// that sets no CAVALRY is asked for each charged unit; STAND is the
		// answer taken when it gives none. RETIRE IF names the cavalry
		// that retires.
		Default: "STAND",
		Example: "CAVALRY RETIRE (or CAVALRY RETIRE IF 1st Maine Cavalry)",
	},
	{
		Kind: "COUNTERCHARGE", Forms: []string{"COUNTER CHARGE", "COUNTER-CHARGE"},
		Choices: map[string]string{"STEADY": "STEADY", "IF STEADY": "STEADY", "ALWAYS": "ALWAYS", "NEVER": "NEVER"},
		// CAVALRY COUNTER CHARGE (seed L343-345): by default a Steady
		// mounted unit counter-charges charging cavalry.
		Default: "STEADY",
		Example: "COUNTERCHARGE ALWAYS",
	},
	{
		Kind:       "PRIMARY",
		Choices:    map[string]string{"MOST DICE": "MOST DICE", "MOST": "MOST DICE", "PREFER": "PREFER"},
		NamesAfter: "PREFER", NamesForm: "PREFER 2nd Wisconsin, 6th Wisconsin",
		// MULTIPLE UNITS ENGAGED (seed L406-408): the primary unit is the
		// one with the most modified dice unless a side prefers others.
		Default: "MOST DICE",
		Example: "PRIMARY MOST DICE",
	},
	{
		Kind:    "STUBBORN",
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		// STUBBORN (seed L299-301): reroll a failed morale test.
		Default: "ALWAYS",
		Example: "STUBBORN ALWAYS",
	},
}}
