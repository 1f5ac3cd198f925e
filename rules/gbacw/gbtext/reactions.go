package gbtext

import "galloper/orders"

// The reaction kinds, one for each decision point R1-R13 of the rules
// notes (§2.1) that a side answers inside its opponent's activations.
const (
	RFacing        = "FACING"        // R1: Reaction Facing or Refusal (9.61-9.62)
	REvade         = "EVADE"         // R2: Move in Reaction (9.63)
	RReturn        = "RETURN"        // R3: Return Fire (10.41-10.42)
	RWithdrawal    = "WITHDRAWAL"    // R4: Withdrawal Fire (10.44)
	RApproach      = "APPROACH"      // R5: Approach Fire (10.45)
	RRBS           = "RBS"           // R6: Retreat Before Shock (11.33-11.35)
	RCountercharge = "COUNTERCHARGE" // R7: Countercharge (11.56)
	RPreShock      = "PRESHOCK"      // R8: Pre-Shock Reaction Fire (10.43, 11.38)
	RRetreat       = "RETREAT"       // R9: retreat path (12.41-12.46)
	RContinue      = "CONTINUE"      // R10, R12: Continued Shock (11.47)
	ROccupy        = "OCCUPY"        // R11: the defender's optional advance after shock (11.46, 12.6)
	RPursue        = "PURSUE"        // R13: advance after fire (12.6)
	RRapid         = "RAPID"         // the side's guns' Rapid Fire, phasing or not (10.68)
	RBreakOff      = "BREAKOFF"      // a Charge whose enemy moves in reaction: break it off? (11.57)
	RShockOrder    = "SHOCKORDER"    // the side's shocks resolved left to right or right to left (11.41)
	RGunsFirst     = "GUNSFIRST"     // the mover fires at enemy guns before they move in reaction (9.63)
	RAdvanceFacing = "ADVANCEFACING" // the one-vertex facing change after an advance (11.46, 12.6)
	RFollow        = "FOLLOW"        // R11: the attackers' voluntary advance after a Retreat Before Shock (11.35, 11.46)
)

// Ask is the CONTINUE option, and its default, that leaves the choice to
// a decision request each time.
const Ask = "ASK"

// Reactions is the GBACW reaction table: each choice the rules give a
// player inside his opponent's brigade activation, made in advance in
// his STANDING block, with the option Galloper takes when the block does
// not mention it (docs/orders-gbacw.md; rulings GBACW-R18).
var Reactions = &orders.ReactionTable{Reactions: []orders.ReactionSpec{
	{
		Kind: RFacing, Forms: []string{"REACTION FACING"},
		Choices: map[string]string{"FACE": "FACE", "TURN": "FACE", "REFUSE": "REFUSE", "NEVER": "NEVER", "NO": "NEVER"},
		// R1 (9.61-9.62): turn one vertex toward an enemy that comes
		// adjacent outside the front; the UDD's risk is worth a flank.
		Default: "FACE",
		Example: "FACING FACE",
	},
	{
		Kind: REvade, Forms: []string{"REACTION MOVE"},
		Choices: map[string]string{"NEVER": "NEVER", "NO": "NEVER", "RETIRE": "RETIRE", "YES": "RETIRE", "TWO": "TWO", "RETIRE TWO": "TWO", "TWO HEXES": "TWO"},
		// R2 (9.63): a reaction move is a choice to give ground, one hex
		// (RETIRE) or two (TWO).
		Default: "NEVER",
		Example: "REACTION MOVE RETIRE",
	},
	{
		Kind: RReturn, Forms: []string{"RETURN FIRE"},
		Choices: map[string]string{"FULL": "FULL", "ALWAYS": "FULL", "YES": "FULL", "HALF": "HALF", "NEVER": "NEVER", "NO": "NEVER"},
		// R3 (10.41-10.42): return fire with every SP that may.
		Default: "FULL",
		Example: "RETURN FIRE FULL",
	},
	{
		Kind: RWithdrawal, Forms: []string{"WITHDRAWAL FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		Default: "ALWAYS", // R4 (10.44)
		Example: "WITHDRAWAL FIRE ALWAYS",
	},
	{
		Kind: RApproach, Forms: []string{"APPROACH FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		Default: "ALWAYS", // R5 (10.45)
		Example: "APPROACH FIRE ALWAYS",
	},
	{
		Kind: RRBS, Forms: []string{"RETREAT BEFORE SHOCK"},
		Choices: map[string]string{"NEVER": "NEVER", "NO": "NEVER", "ALWAYS": "ALWAYS", "YES": "ALWAYS", "OUTNUMBERED": "OUTNUMBERED", "IF OUTNUMBERED": "OUTNUMBERED"},
		// R6 (11.33): stand; a side that would rather give ground says so.
		Default: "NEVER",
		Example: "RETREAT BEFORE SHOCK IF OUTNUMBERED",
	},
	{
		Kind:    RCountercharge,
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		Default: "ALWAYS", // R7 (11.56)
		Example: "COUNTERCHARGE ALWAYS",
	},
	{
		Kind: RPreShock, Forms: []string{"PRE-SHOCK FIRE", "PRESHOCK FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		Default: "ALWAYS", // R8 (10.43, 11.38)
		Example: "PRE-SHOCK FIRE ALWAYS",
	},
	{
		Kind: RRetreat, Forms: []string{"RETREAT PATH"},
		Choices: map[string]string{"AWAY": "AWAY", "FRIENDS": "FRIENDS", "TOWARD FRIENDS": "FRIENDS"},
		// R9 (12.41-12.46): straight away from the enemy.
		Default: "AWAY",
		Example: "RETREAT PATH TOWARD FRIENDS",
	},
	{
		Kind: RContinue, Forms: []string{"CONTINUED SHOCK"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER", "ASK": Ask},
		// R10, R12 (11.47): a voluntary Continued Shock is asked for
		// each time unless the side has set it.
		Default: Ask,
		Example: "CONTINUED SHOCK NEVER",
	},
	{
		Kind: ROccupy, Forms: []string{"ADVANCE AFTER SHOCK"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		Default: "NEVER", // R11 (11.46, 12.6): the defender's advance is optional
		Example: "ADVANCE AFTER SHOCK NEVER",
	},
	{
		Kind: RPursue, Forms: []string{"ADVANCE AFTER FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		Default: "NEVER", // R13 (12.6)
		Example: "ADVANCE AFTER FIRE NEVER",
	},
	{
		Kind: RRapid, Forms: []string{"RAPID FIRE"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		// 10.68: Rapid Fire is declared before any roll, by the phasing
		// or the non-phasing player, and risks the guns' ammunition: a
		// side asks for it.
		Default: "NEVER",
		Example: "RAPID FIRE ALWAYS",
	},
	{
		Kind: RBreakOff, Forms: []string{"BREAK OFF CHARGE", "BREAK OFF"},
		Choices: map[string]string{"NEVER": "NEVER", "NO": "NEVER", "TRY": "TRY", "YES": "TRY", "ALWAYS": "TRY"},
		// 11.57: the charging cavalry whose enemy moves in reaction goes on
		// (no. 1) unless the side would rather roll to break off (no. 2).
		Default: "NEVER",
		Example: "BREAK OFF CHARGE TRY",
	},
	{
		Kind: RGunsFirst, Forms: []string{"FIRE BEFORE REACTION MOVE"},
		Choices: map[string]string{"NEVER": "NEVER", "NO": "NEVER", "ALWAYS": "ALWAYS", "YES": "ALWAYS"},
		// 9.63: the phasing unit "may fire at artillery before the
		// reaction move"; its fire is its own choice, not taken unasked.
		Default: "NEVER",
		Example: "FIRE BEFORE REACTION MOVE ALWAYS",
	},
	{
		Kind: RShockOrder, Forms: []string{"SHOCK ORDER"},
		Choices: map[string]string{"LEFT": "LEFT", "LEFT TO RIGHT": "LEFT", "RIGHT": "RIGHT", "RIGHT TO LEFT": "RIGHT"},
		// 11.41: the phasing side resolves its shocks left to right or
		// right to left, as the map is drawn.
		Default: "LEFT",
		Example: "SHOCK ORDER RIGHT TO LEFT",
	},
	{
		Kind: RAdvanceFacing, Forms: []string{"FACING AFTER ADVANCE"},
		Choices: map[string]string{"KEEP": "KEEP", "NEVER": "KEEP", "NO": "KEEP", "TOWARD ENEMY": "ENEMY", "ENEMY": "ENEMY"},
		// 11.46, 12.6: an advancing unit may change facing one vertex
		// after its advance; it keeps its facing unless the side turns
		// it to bring an enemy into its Front.
		Default: "KEEP",
		Example: "FACING AFTER ADVANCE TOWARD ENEMY",
	},
	{
		Kind: RFollow, Forms: []string{"ADVANCE AFTER RETREAT BEFORE SHOCK"},
		Choices: map[string]string{"ALWAYS": "ALWAYS", "YES": "ALWAYS", "NEVER": "NEVER", "NO": "NEVER"},
		// 11.35, 11.46: the attackers' advance into a hex the defenders
		// left by Retreat Before Shock is voluntary; they take it unless
		// the side says otherwise, as they must after any other result.
		Default: "ALWAYS",
		Example: "ADVANCE AFTER RETREAT BEFORE SHOCK NEVER",
	},
}}
