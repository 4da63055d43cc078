/**
 * The boards whose records own conversations. Importing this registers every owner port with the
 * conversation core; a Lambda that sends, threads or delivers texts imports it once. A new board
 * adds its port module here (docs/adding-a-board.md).
 */
import '../repairOrders/owner.js';
import '../appointments/owner.js';
